import type { LanguageEntry, SiteModel } from '../../generator/content/model.ts';
import { useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import { Flag } from '../components/picture.tsx';
import { ButtonLink, PageHero, Section } from '../components/ui.tsx';
import { afterSlash, BreakPoints } from '../../islands/lib/markup.tsx';
import type { KindModule } from './index.ts';
import { byLanguageName } from '../../islands/lib/language-order.ts';

export function LanguageCard({ language }: { language: LanguageEntry }) {
  return (
    <a className="language-card" href={language.url}>
      <Flag countryCode={language.countryCode} />
      <span>
        <strong>
          <BreakPoints text={language.name} points={afterSlash} />
        </strong>
        {language.nativeName && (
          <span lang={language.localContent?.nativeLang ?? language.code} dir={language.dir}>
            {language.nativeName}
          </span>
        )}
        <span className="language-card-note">Certified Translation</span>
      </span>
    </a>
  );
}

/** A group of languages as the languages page and the picker show it. */
export interface LanguageGroup {
  id: string;
  name: string;
  heading: string;
  languages: LanguageEntry[];
}

/**
 * The groups of content/language-groups.json with their languages, by name: the popular group's are those marked
 * popular in Australia, any other's those of its regions, and in every group those it names by code.
 */
export function languageGroups(site: SiteModel): LanguageGroup[] {
  return site.languageGroups.map((g) => {
    const members = site.languages.filter((l) => (g.id === 'popular' ? l.popularInAustralia === true : (g.regions ?? []).includes(l.region)) || (g.languages ?? []).includes(l.code));
    return { id: g.id, name: g.name, heading: g.heading ?? `${g.name} Languages`, languages: members.sort(byLanguageName) };
  });
}

export function LanguagesPage() {
  const { site } = useRender();
  const copy = site.pages.languages;
  const groups = languageGroups(site);
  return (
    <>
      <PageHero eyebrow={copy.hero.eyebrow} heading={copy.hero.heading} text={copy.hero.text} compact>
        <nav className="anchor-nav" aria-label="Language groups">
          {groups.map((g) => (
            <a key={g.id} href={`#${g.id}`} className="chip chip-link">
              {g.name}
            </a>
          ))}
        </nav>
      </PageHero>
      {groups.map((group, i) => (
        <Section key={group.id} id={group.id} heading={group.heading} tone={i % 2 === 1 ? 'tint' : undefined}>
          <ul className="language-grid" role="list">
            {group.languages.map((l) => (
              <li key={l.code}>
                <LanguageCard language={l} />
              </li>
            ))}
          </ul>
        </Section>
      ))}
      <Section id="not-listed">
        <div className="callout">
          <span className="icon-badge icon-badge-gold">
            <Icon name="languages" />
          </span>
          <div>
            <h2>{copy.callout.heading}</h2>
            <p>{copy.callout.text}</p>
          </div>
          <ButtonLink href="/contact" tone="primary" icon="arrow-right">
            {copy.callout.button ?? 'Contact Us'}
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}

export const page: KindModule<'languages'> = {
  Page: LanguagesPage,
};
