import { useRender } from '../context.ts';
import { PageHero } from '../components/ui.tsx';

/** Every indexable page, grouped the way the site is. */
export function SitemapPage() {
  const { site } = useRender();
  const copy = site.pages.sitemap;
  const main = [
    { label: 'Home', href: '/' },
    ...site.navigation.header.filter((h) => h.href !== '/'),
    { label: 'Languages', href: '/languages' },
    ...site.prose.map((p) => ({ label: p.title, href: p.url })),
  ];
  const groups: { heading: string; links: { label: string; href: string }[] }[] = [
    { heading: 'Main pages', links: main },
    { heading: 'Services', links: site.services.map((s) => ({ label: s.card.title, href: s.url })) },
    { heading: 'Cities', links: site.cities.map((c) => ({ label: `${c.name}, ${c.state}`, href: c.url })) },
    { heading: 'Blog', links: site.posts.map((p) => ({ label: p.title, href: p.url })) },
    { heading: 'Languages', links: [...site.languages].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((l) => ({ label: `${l.name} translation`, href: l.url })) },
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
