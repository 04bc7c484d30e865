import type { CityEntry, LanguageEntry, SiteModel } from '../../generator/content/model.ts';
import { useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import { Flag, Picture } from '../components/picture.tsx';
import { CallToAction, OrderLink, PageHero } from '../components/ui.tsx';
import type { KindModule } from './index.ts';

export function cityLanguages(site: SiteModel, city: CityEntry): LanguageEntry[] {
  return city.languages.map((code) => site.languages.find((l) => l.code === code)!).filter(Boolean);
}

export function CitiesPage() {
  const { site } = useRender();
  const copy = site.pages.cities;
  return (
    <>
      <PageHero eyebrow={copy.hero.eyebrow} heading={copy.hero.heading} text={copy.hero.text} compact />
      {copy.intro && (
        <div className="container prose prose-wide intro-text">
          {copy.intro.map((p) => (
            <p key={p.slice(0, 40)}>{p}</p>
          ))}
        </div>
      )}
      <section className="section" aria-label="Cities we serve">
        <div className="container">
          <ul className="card-grid cols-3" role="list" data-reveal="">
            {site.cities.map((city) => (
              <li key={city.slug} className="card city-card" data-reveal-item="">
                <Picture image={city.image} sizes="(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw" className="card-image" />
                <div className="card-body">
                  <h2>
                    <a href={city.url} className="card-link">
                      {city.name}
                    </a>
                    {/* The comma keeps the name and badge apart for screen readers and copied text; sighted readers see the badge. */}
                    <span className="state-badge">
                      <span className="sr-only">, </span>
                      {city.state}
                    </span>
                  </h2>
                  <dl className="facts">
                    <div>
                      <dt>
                        <Icon name="users" size={16} /> Population
                      </dt>
                      <dd>{city.population}</dd>
                    </div>
                    <div>
                      <dt>
                        <Icon name="map-pin" size={16} /> Suburbs served
                      </dt>
                      <dd>{city.suburbs}</dd>
                    </div>
                  </dl>
                  <p className="facts-label">Top community languages</p>
                  <ul className="chip-list" role="list">
                    {cityLanguages(site, city)
                      .slice(0, 3)
                      .map((l) => (
                        <li key={l.code} className="chip">
                          <Flag countryCode={l.countryCode} />
                          {l.name}
                        </li>
                      ))}
                  </ul>
                  <div className="card-actions">
                    <a className="button button-secondary button-sm" href={city.url}>
                      {city.name} page<span className="sr-only"> with local languages and documents</span>
                      <Icon name="arrow-right" size={16} />
                    </a>
                    <OrderLink className="button-sm">
                      {site.shared.orderCta.start}
                      <span className="sr-only"> {city.inCity}</span>
                    </OrderLink>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CallToAction heading={copy.cta.heading} text={copy.cta.text} button={copy.cta.button} />
    </>
  );
}

export const page: KindModule<'cities'> = {
  Page: CitiesPage,
};
