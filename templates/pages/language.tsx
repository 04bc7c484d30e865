import type { LanguageEntry, SiteModel } from '../../generator/content/model.ts';
import type { Head } from '../../generator/routes.ts';
import { absolute, fill, useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import { LanguageCommunity } from '../components/language-community.tsx';
import { Flag, Picture } from '../components/picture.tsx';
import { withFee } from '../components/plans.tsx';
import { Breadcrumbs, CardGrid, JsonLd, OrderLink, Section, Steps } from '../components/ui.tsx';
import { breadcrumbs, graph, provider } from '../structured-data.ts';
import type { KindModule } from './index.ts';
import { byLanguageName } from '../../islands/lib/language-order.ts';

/** A stable index for a key (FNV-1a), so each language keeps the same hero image in every build. */
function stableIndex(key: string, n: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % n;
}

/**
 * A language page's head: the title names the credential and the from-price; the description is the page's own
 * when it has one. A search result shows the title alone, so the total stands beside the price without the fee
 * (ACL s48), after SPEC's words.
 */
export function languageHead(data: { entry: LanguageEntry }, site: SiteModel): Head {
  const l = data.entry;
  const price = site.settings.startingPrice;
  const total = withFee(price, site.plans.serviceFee);
  return {
    title: `${l.name} ${credentialOf(l)} Translation Services | From ${price} + Service Fee (${total} in total)`,
    description: l.seo?.description ?? `NAATI certified ${l.name} to English translations accepted by Australian authorities, from ${price} + service fee (${total} in total).`,
    keywords: l.seo?.keywords ?? [`${l.name} translation`, `NAATI ${l.name} translator`, `certified ${l.name} translation`],
  };
}

/**
 * SPEC's "NAATI Certified", in the title and the heading, where NAATI tests the language; where it does not, the
 * translator holds Recognised Practising, which is no certification, so the page says "NAATI Credentialed".
 */
function credentialOf(l: LanguageEntry): string {
  return l.naatiCredential === 'recognised-practising' ? 'NAATI Credentialed' : 'NAATI Certified';
}

/** The hero pictures of each region (assets/images/heroes/<set>-N), unless a language names its own set. */
const regionHeroes: Record<LanguageEntry['region'], NonNullable<LanguageEntry['heroSet']>> = {
  Europe: 'european',
  Asia: 'asian',
  'Middle East': 'arabic',
  Africa: 'african',
  Oceania: 'asian',
};

export function LanguagePage({ data }: { data: { entry: LanguageEntry } }) {
  const { site, assets } = useRender();
  const l = data.entry;
  const shared = site.pages.languages.languagePage;
  const values = { language: l.name };
  const local = l.localContent ?? {
    title: `Certified ${l.name} Translations for Australian Authorities`,
    subtitle: `${l.name} documents translated into English by NAATI certified translators, for Australian and New Zealand authorities.`,
    paragraphs: [
      `Send us a clear scan or photo of your ${l.name} document and a NAATI certified translator prepares an English translation that keeps every name, date and stamp exact. The price is the same as for every other language: ${shared.priceBadge.toLowerCase()}.`,
    ],
    nativeMessage: undefined,
    nativeLang: undefined,
  };
  const credential = shared.credential;
  // In a language NAATI does not test, the translator holds Recognised Practising: the page says so, the
  // credential benefit does not call them certified, and the acceptance benefit, what authorities accept of a
  // certified translation, is replaced by the advice to ask first. The process's certification step likewise.
  const recognised = l.naatiCredential === 'recognised-practising';
  // A replaced card keeps the shared card's icon and note.
  const { credential: translator, turnaround, price, acceptance } = shared.benefits;
  const benefits = [
    [translator, recognised ? credential.recognisedTranslator : translator],
    [turnaround, turnaround],
    [price, price],
    [acceptance, recognised ? credential.recognisedAcceptance : acceptance],
  ].map(([card, words]) => ({ ...card, title: fill(words.title, values), text: fill(words.text, values) }));
  const { upload, certification, delivery } = site.shared.standardSteps;
  const steps = [upload, recognised ? { ...certification, title: fill(credential.recognisedStepTitle, values) } : certification, delivery];
  const heroes = assets.heroes(l.heroSet ?? regionHeroes[l.region]);
  const hero = heroes.length ? heroes[stableIndex(l.slug, heroes.length)] : undefined;
  const trail = [
    { label: 'Home', href: '/' },
    { label: 'Languages', href: '/languages' },
    { label: l.name, href: l.url },
  ];
  return (
    <>
      <section className="hero hero-language" aria-labelledby="page-heading">
        {hero && <Picture image={{ src: hero, alt: '' }} eager priority sizes="100vw" className="hero-backdrop" />}
        <div className="container hero-language-inner" data-reveal="" data-reveal-stagger="150">
          <p className="eyebrow eyebrow-light" data-reveal-item="">
            <Flag countryCode={l.countryCode} /> {l.name}
            {l.nativeName && (
              <>
                {' · '}
                <span lang={local.nativeLang ?? l.code} dir={l.dir}>
                  {l.nativeName}
                </span>
              </>
            )}
          </p>
          <h1 id="page-heading" data-reveal-item="">
            {credentialOf(l)} {l.name} Translation Services
          </h1>
          <p className="hero-text" data-reveal-item="">
            {local.subtitle}
          </p>
          <p className="price-badge" data-reveal-item="">
            {shared.priceBadge}
          </p>
          <div className="hero-actions" data-reveal-item="">
            <OrderLink size="lg">Get Started Now</OrderLink>
            <a className="button button-ghost button-lg" href="/contact">
              Contact Us
            </a>
          </div>
        </div>
      </section>
      <Breadcrumbs trail={trail.map((t, i) => (i === trail.length - 1 ? { label: t.label } : t))} />

      <Section id="why" heading={local.title}>
        <div className="two-col two-col-wide">
          <div className="prose">
            {local.paragraphs.map((p) => (
              <p key={p.slice(0, 40)}>{p}</p>
            ))}
          </div>
          {local.nativeMessage && (
            <figure className="native-message">
              <Icon name="quote" />
              <blockquote lang={local.nativeLang ?? l.code} dir={l.dir}>
                <p>{local.nativeMessage}</p>
              </blockquote>
              <figcaption>A welcome in {l.name}</figcaption>
            </figure>
          )}
        </div>
      </Section>

      <LanguageCommunity language={l} nativeLang={local.nativeLang ?? l.code} />

      <Section id="benefits" heading={`Why choose us for ${l.name} translations`} tone="tint">
        <CardGrid cards={benefits} columns={4} />
      </Section>

      <Section id="credential" heading={fill(credential.heading, values)}>
        <div className="prose credential-note">
          <p>{fill(recognised ? credential.recognised : credential.certified, values)}</p>
          <p>
            {fill(credential.verify, values)}{' '}
            <a href="/#verify">How to read the stamp</a>
          </p>
        </div>
      </Section>

      <Section id="documents" heading={`${l.name} documents we translate`}>
        <div className="card-grid cols-4">
          {shared.documentCategories.map((cat) => (
            <div key={cat.title} className="card doc-category">
              <h3>
                {cat.icon && <Icon name={cat.icon} />} {cat.title}
              </h3>
              <ul role="list">
                {cat.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Section>

      <Section id="process" heading="Three simple steps" tone="tint">
        <Steps steps={steps} />
      </Section>

      <Section id="authorities" heading={recognised ? `Who asks for ${l.name} translations` : `Where our ${l.name} translations are accepted`}>
        <ul className="tag-list" role="list">
          {shared.authorities.map((a) => (
            <li key={a}>
              <Icon name="landmark" size={18} /> {a}
            </li>
          ))}
        </ul>
      </Section>

      <section className="section cta-band" aria-labelledby="cta-heading" data-reveal="">
        <div className="container cta-inner">
          <div>
            <h2 id="cta-heading">{fill(shared.cta.heading, values)}</h2>
            <p>{fill(shared.cta.text, values)}</p>
            <p className="price-badge price-badge-light">{shared.priceBadge}</p>
          </div>
          <div className="cta-actions">
            <OrderLink tone="light" size="lg">
              Get Started Now
            </OrderLink>
            <a className="button button-ghost button-lg" href="/contact">
              Contact Us
            </a>
          </div>
        </div>
      </section>
      <JsonLd
        data={graph(
          {
            '@type': 'Service',
            name: `${l.name} NAATI certified translation`,
            serviceType: 'Certified translation',
            url: absolute(site, l.url),
            provider: provider(site),
            areaServed: ['AU', 'NZ'],
            // The single price, fee included, as search results show it (see offers()).
            offers: { '@type': 'Offer', price: withFee(site.settings.startingPrice, site.plans.serviceFee).slice(1), priceCurrency: 'AUD' },
          },
          breadcrumbs(site, trail),
        )}
      />
    </>
  );
}

export const page: KindModule<'language'> = {
  Page: LanguagePage,
  head: languageHead,
  listing: {
    heading: 'Languages',
    position: 4,
    links: (site) => [...site.languages].sort(byLanguageName).map((l) => ({ label: `${l.name} translation`, href: l.url })),
  },
};
