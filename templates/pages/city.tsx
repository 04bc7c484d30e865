import type { CityEntry } from '../../generator/content/model.ts';
import type { Head } from '../../generator/routes.ts';
import { absolute, fill, useRender } from '../context.ts';
import { CityLocalGuide } from '../components/city-local-guide.tsx';
import { Icon } from '../components/icon.tsx';
import { Flag, Picture } from '../components/picture.tsx';
import { Breadcrumbs, CallToAction, CardGrid, JsonLd, OrderLink, Section } from '../components/ui.tsx';
import { afterSlash, BreakPoints } from '../../islands/lib/markup.tsx';
import { breadcrumbs, graph, provider } from '../structured-data.ts';
import { cityLanguages } from './cities.tsx';
import type { KindModule } from './index.ts';

/** A city page's head: its own SEO copy, or one made from its name and tagline. */
export function cityHead(data: { entry: CityEntry }): Head {
  const c = data.entry;
  return { title: c.seo?.title ?? `Certified Translations ${c.inCity}, ${c.state}`, description: c.seo?.description ?? `${c.tagline ?? c.description[0]}`.slice(0, 160) };
}

export function CityPage({ data }: { data: { entry: CityEntry } }) {
  const { site } = useRender();
  const c = data.entry;
  const shared = site.pages.cities.cityPage!;
  const values = { city: c.name, cityInText: c.inText, inCity: c.inCity };
  const trail = [
    { label: 'Home', href: '/' },
    { label: 'Cities', href: '/cities' },
    { label: c.name, href: c.url },
  ];
  return (
    <>
      <Breadcrumbs trail={trail.map((t, i) => (i === trail.length - 1 ? { label: t.label } : t))} />
      <section className="hero hero-city" aria-labelledby="page-heading">
        <div className="container hero-grid">
          <div className="hero-copy" data-reveal="" data-reveal-stagger="150">
            <p className="eyebrow" data-reveal-item="">
              <Icon name="map-pin" size={18} /> {c.name}, {c.stateName}
            </p>
            <h1 id="page-heading" data-reveal-item="">
              NAATI Certified Translations {c.inCity}
            </h1>
            {c.tagline && (
              <p className="hero-text" data-reveal-item="">
                {c.tagline}
              </p>
            )}
            <div className="hero-actions" data-reveal-item="">
              <OrderLink size="lg">{site.shared.orderCta.start}</OrderLink>
              <a className="button button-secondary button-lg" href="/contact">
                Contact Us
              </a>
            </div>
          </div>
          <div className="hero-media">
            <Picture image={c.image} sizes="(min-width: 1024px) 540px, 100vw" eager priority className="hero-image" />
          </div>
        </div>
      </section>

      <section className="section section-flush" aria-labelledby="online-heading">
        <div className="container">
          <div className="callout callout-quiet">
            <span className="icon-badge icon-badge-gold">
              <Icon name="monitor-smartphone" />
            </span>
            <div>
              <h2 id="online-heading">{fill(shared.onlineNotice.heading, values)}</h2>
              <p>{fill(shared.onlineNotice.text, values)}</p>
            </div>
          </div>
        </div>
      </section>

      <Section id="about" heading={`Translations for ${c.inText} and ${c.stateName}`}>
        <div className="prose prose-wide">
          {c.description.map((p) => (
            <p key={p.slice(0, 40)}>{p}</p>
          ))}
        </div>
        <dl className="facts facts-inline">
          <div>
            <dt>Population</dt>
            <dd>{c.population}</dd>
          </div>
          <div>
            <dt>Suburbs served</dt>
            <dd>{c.suburbs}</dd>
          </div>
        </dl>
      </Section>

      <CityLocalGuide city={c} />

      <Section id="documents" heading={fill(shared.documentsHeading, values)} tone="tint">
        <ul className="tag-list" role="list">
          {c.popularDocuments.map((d) => (
            <li key={d}>
              <Icon name="file-text" size={18} /> {d}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="languages" heading={fill(shared.languagesHeading, values)}>
        <ul className="language-grid" role="list">
          {cityLanguages(site, c).map((l) => (
            <li key={l.code}>
              <a className="language-card" href={l.url}>
                <Flag countryCode={l.countryCode} />
                <span>
                  <strong>
                    <BreakPoints text={l.name} points={afterSlash} />
                  </strong>
                  {l.nativeName && (
                    <span lang={l.localContent?.nativeLang ?? l.code} dir={l.dir}>
                      {l.nativeName}
                    </span>
                  )}
                </span>
              </a>
            </li>
          ))}
        </ul>
        <p className="section-more">
          <a className="text-link" href="/languages">
            See all {site.languages.length} languages we translate <Icon name="arrow-right" size={16} />
          </a>
        </p>
      </Section>

      {c.localNotes && c.localNotes.length > 0 && (
        <Section id="local" heading={`Good to know ${c.inCity}`} tone="tint">
          <CardGrid cards={c.localNotes} />
        </Section>
      )}

      <Section id="benefits" heading={fill(shared.benefitsHeading, values)}>
        <CardGrid cards={shared.benefits.map((b) => ({ ...b, title: fill(b.title, values), text: fill(b.text, values) }))} />
      </Section>

      <CallToAction
        heading={fill(shared.cta.heading, values)}
        text={fill(shared.cta.text, values)}
        button={shared.cta.button}
        secondary={
          <a className="button button-ghost button-lg" href="/contact">
            Contact Us
          </a>
        }
      />
      <JsonLd
        data={graph(
          // The service, online, for this area: the company itself is one entity (its node on the home page),
          // so a city page neither repeats its Docklands address nor claims a local business here.
          {
            '@type': 'Service',
            name: `NAATI certified translation ${c.inCity}`,
            serviceType: 'Certified translation',
            url: absolute(site, c.url),
            description: c.tagline ?? c.description[0],
            provider: provider(site),
            areaServed: [
              { '@type': 'City', name: `${c.name}, ${c.stateName}` },
              {
                '@type': 'GeoCircle',
                geoMidpoint: { '@type': 'GeoCoordinates', latitude: c.coordinates.latitude, longitude: c.coordinates.longitude },
                geoRadius: 100000,
              },
            ],
          },
          breadcrumbs(site, trail),
        )}
      />
    </>
  );
}

export const page: KindModule<'city'> = {
  Page: CityPage,
  head: cityHead,
  listing: { heading: 'Cities', position: 2, links: (site) => site.cities.map((c) => ({ label: `${c.name}, ${c.state}`, href: c.url })) },
};
