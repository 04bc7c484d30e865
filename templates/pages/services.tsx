import { inSentence, useRender, absolute } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import { ButtonLink, JsonLd, PageHero, Section } from '../components/ui.tsx';
import type { ServiceEntry } from '../../generator/content/model.ts';
import { ServicePrice } from '../components/plans.tsx';
import type { KindModule } from './index.ts';

export function ServiceCard({ service, headingLevel = 2 }: { service: ServiceEntry; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const { site } = useRender();
  return (
    <li id={service.slug} className={`card service-card accent-${service.card.color}`} data-reveal-item="">
      <span className="icon-badge">
        <Icon name={service.card.icon} />
      </span>
      <H>{service.card.title}</H>
      <p>{service.card.description}</p>
      <ServicePrice service={service} />
      <a className="button button-secondary button-sm" href={service.url}>
        Learn More<span className="sr-only"> about {inSentence(service.card.title)}</span>
        <Icon name="arrow-right" size={16} />
      </a>
    </li>
  );
}

export function ServicesPage() {
  const { site } = useRender();
  const copy = site.pages.services;
  return (
    <>
      <PageHero eyebrow={copy.hero.eyebrow} heading={copy.hero.heading} text={copy.hero.text} compact />
      <section className="section section-flush" aria-label="All services">
        <div className="container">
          <ul className="card-grid cols-3" role="list" data-reveal="">
            {site.services.map((service) => (
              <ServiceCard key={service.slug} service={service} />
            ))}
          </ul>
        </div>
      </section>
      <Section id="customised" tone="tint">
        <div className="callout">
          <span className="icon-badge icon-badge-gold">
            <Icon name="messages-square" />
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
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: copy.hero.heading,
          numberOfItems: site.services.length,
          itemListElement: site.services.map((s, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            url: absolute(site, s.url),
            name: s.serviceName,
          })),
        }}
      />
    </>
  );
}

export const page: KindModule<'services'> = {
  Page: ServicesPage,
};
