import { useRender } from '../context.ts';
import { PageHero } from '../components/ui.tsx';
import { pageModule } from './index.ts';
import type { KindModule } from './index.ts';

/** Every indexable page: the main ones, then the pages of each kind with a page per entry, as its template lists them. */
export function SitemapPage() {
  const { site } = useRender();
  const copy = site.pages.sitemap;
  const main = [
    { label: 'Home', href: '/' },
    ...site.navigation.header.filter((h) => h.href !== '/'),
    { label: 'Languages', href: '/languages' },
    ...site.prose.map((p) => ({ label: p.title, href: p.url })),
  ];
  const listings = site.kindsWithPages.map((kind) => pageModule(kind).listing).sort((a, b) => a.position - b.position);
  const groups: { heading: string; links: { label: string; href: string }[] }[] = [
    { heading: 'Main pages', links: main },
    ...listings.map((listing) => ({ heading: listing.heading, links: listing.links(site) })),
  ];
  return (
    <>
      <PageHero heading={copy.hero.heading} text={copy.hero.text} compact />
      <div className="container sitemap-groups">
        {groups.map((g) => (
          <section key={g.heading} aria-labelledby={`sm-${g.heading.toLowerCase().replace(/\s+/g, '-')}`}>
            <h2 id={`sm-${g.heading.toLowerCase().replace(/\s+/g, '-')}`}>{g.heading}</h2>
            <ul className={g.links.length > 12 ? 'link-list link-columns' : 'link-list'} role="list">
              {g.links.map((l) => (
                <li key={l.href}>
                  <a href={l.href}>{l.label}</a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}

export const page: KindModule<'sitemap'> = {
  Page: SitemapPage,
};
