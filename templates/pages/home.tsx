import { inSentence, useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import { CardGrid, CheckList, JsonLd, OrderLink, Section, Steps } from '../components/ui.tsx';
import { Island } from '../components/island.tsx';
import TestimonialCarousel from '../../islands/testimonial-carousel.tsx';
import LanguagePicker, { type LanguagePickerProps } from '../../islands/language-picker.tsx';
import type { SiteModel } from '../../generator/content/model.ts';
import type { Assets } from '../../generator/render/contract.ts';
import { HeroPrice, PlanCards, ServicePrice } from '../components/plans.tsx';
import { Picture } from '../components/picture.tsx';
import { business, graph, offers, provider } from '../structured-data.ts';
import type { KindModule } from './index.ts';
import { languageGroups } from './languages.tsx';

export function HomePage() {
  const { site, assets } = useRender();
  const copy = site.pages.home;
  const s = site.settings;
  const services = copy.documents.services.map((slug) => site.services.find((x) => x.slug === slug)!);
  const map = assets.image('map-australia.svg');
  return (
    <>
      <section className="hero hero-home" aria-labelledby="page-heading" style={{ ['--hero-map' as string]: `url(${map.src})` }}>
        <div className="container hero-grid">
          <div className="hero-copy" data-reveal="" data-reveal-stagger="150">
            {copy.hero.eyebrow && <p className="eyebrow" data-reveal-item="">{copy.hero.eyebrow}</p>}
            <h1 id="page-heading" data-reveal-item="">{copy.hero.heading}</h1>
            <p className="hero-text" data-reveal-item="">{copy.hero.text}</p>
            <HeroPrice price={s.startingPrice} note="+ service fee" />
            <div className="hero-actions" data-reveal-item="">
              <OrderLink size="lg">{copy.hero.button}</OrderLink>
              <a className="button button-secondary button-lg" href="#services">
                {copy.hero.secondary ?? 'Our services'}
                <Icon name="arrow-down" size={18} />
              </a>
            </div>
            <ul className="trust-badges" role="list" data-reveal-item="">
              {site.shared.trustBadges.map((b) => (
                <li key={b.label}>
                  <Icon name={b.icon} size={20} />
                  {b.label}
                </li>
              ))}
            </ul>
          </div>
          <aside className="hero-card" aria-label="How an order looks">
            <div className="hero-card-head">
              <span className="icon-badge icon-badge-gold">
                <Icon name="file-check" />
              </span>
              <div>
                <p className="hero-card-title">Certified translation</p>
                <p className="hero-card-sub">Birth certificate · Vietnamese → English</p>
              </div>
            </div>
            <ul className="check-list" role="list">
              <li>
                <Icon name="check" size={18} /> Translated by a NAATI certified translator
              </li>
              <li>
                <Icon name="check" size={18} /> Credentials stamp on every page
              </li>
              <li>
                <Icon name="check" size={18} /> Secure PDF by email
              </li>
              <li>
                <Icon name="check" size={18} /> Accepted by Home Affairs
              </li>
            </ul>
            <p className="hero-card-foot">
              <Icon name="clock" size={18} /> Most self-service orders ready in {site.facts.turnaround.selfService} in business hours
            </p>
          </aside>
        </div>
      </section>

      <Section id="features" heading={copy.features.heading} text={copy.features.text}>
        <CardGrid cards={copy.features.items} />
      </Section>

      <Section id="process" heading={copy.process.heading} text={copy.process.text} tone="tint">
        <Steps steps={copy.process.steps} />
        <p className="section-more">
          <a className="text-link" href="/process">
            See how it works <Icon name="arrow-right" size={16} />
          </a>
        </p>
      </Section>

      <Section id="services" heading={copy.documents.heading} text={copy.documents.text}>
        <ul className="card-grid cols-3" role="list">
          {services.map((service) => (
            <li key={service.slug} className={`card service-card accent-${service.card.color}`} data-reveal-item="">
              <span className="icon-badge">
                <Icon name={service.card.icon} />
              </span>
              <h3>{service.card.title}</h3>
              <p>{service.card.description}</p>
              <ServicePrice service={service} />
              <a className="text-link" href={service.url}>
                Learn More<span className="sr-only"> about {inSentence(service.card.title)}</span> <Icon name="arrow-right" size={16} />
              </a>
            </li>
          ))}
        </ul>
        <p className="section-more">
          <a className="button button-secondary" href="/services">
            All {site.services.length} document types <Icon name="arrow-right" size={18} />
          </a>
        </p>
      </Section>

      <Section id="pricing" heading={copy.pricing.heading} text={copy.pricing.text} tone="tint">
        <PlanCards />
      </Section>

      <Section id="reviews" heading={copy.reviews.heading} text={copy.reviews.text}>
        <Island name="reviews-widget" wake="visible" props={{ scriptUrl: s.integrations.reviews.scriptUrl, businessUnitId: s.integrations.reviews.businessUnitId }}>
          <div className="review-widget" data-review-widget="">
            <p className="review-widget-fallback">
              <Icon name="star" size={18} /> Independent reviews from our customers appear here when your browser loads our review partner&apos;s widget.
            </p>
          </div>
        </Island>
      </Section>

      <Section id="testimonials" heading={copy.testimonials.heading} text={copy.testimonials.text} tone="tint">
        <Island
          name="testimonial-carousel"
          wake="visible"
          component={TestimonialCarousel}
          props={{
            testimonials: site.testimonials.map((t) => ({ id: t.id, content: t.content, author: t.author, position: t.position, rating: t.rating })),
            label: copy.testimonials.heading,
            icons: { previous: assets.icon('chevron-left'), next: assets.icon('chevron-right') },
          }}
        />
      </Section>

      <Section id="languages" heading={copy.languages.heading} text={copy.languages.text}>
        <Island name="language-picker" wake="visible" component={LanguagePicker} props={pickerProps(site, assets)} />
        <p className="section-more">
          <a className="button button-secondary" href="/languages">
            View all {site.languages.length} languages <Icon name="arrow-right" size={18} />
          </a>
        </p>
      </Section>

      <Section id="about" heading={copy.about.heading} text={copy.about.text} tone="tint" className="about-section">
        <div className="about-grid">
          {[copy.about.who, copy.about.credentials].map((block) => (
            <div key={block.title} className="card about-card">
              <h3>{block.title}</h3>
              {block.paragraphs.map((p) => (
                <p key={p.slice(0, 40)}>{p}</p>
              ))}
            </div>
          ))}
          <div className="card about-card">
            <h3>{copy.about.how.title}</h3>
            <CheckList items={copy.about.how.items} />
          </div>
        </div>
        <aside className="fts-note" aria-labelledby="fts-heading">
          <h3 id="fts-heading">
            <Icon name="info" size={20} /> {copy.freeTranslating.heading}
          </h3>
          <p>
            {copy.freeTranslating.text}{' '}
            <a href={copy.freeTranslating.link.href} rel="noopener">
              {copy.freeTranslating.link.label}
            </a>
          </p>
        </aside>
      </Section>

      <Section id="verify" heading={copy.verify.heading} text={copy.verify.text}>
        <div className="verify-grid">
          <div>
            <Steps steps={copy.verify.steps} />
            <p className="section-more">
              <a className="text-link" href={copy.verify.directoryLink.href} rel="noopener">
                {copy.verify.directoryLink.label} <Icon name="external-link" size={16} />
              </a>
            </p>
          </div>
          <figure className="sample-figure">
            <Picture image={copy.verify.sample} sizes="(min-width: 64em) 28rem, 90vw" />
            <figcaption>{copy.verify.sampleCaption}</figcaption>
          </figure>
        </div>
      </Section>

      <section className="section cta-band" aria-labelledby="cta-heading" data-reveal="">
        <div className="container cta-inner">
          <div>
            <h2 id="cta-heading">{copy.cta.heading}</h2>
            <p>{copy.cta.text}</p>
          </div>
          <div className="cta-actions">
            <OrderLink tone="light" size="lg">
              {site.shared.orderCta.start}
            </OrderLink>
            <a className="button button-ghost button-lg" href="/contact">
              Contact Us
            </a>
          </div>
        </div>
      </section>
      <JsonLd
        data={graph(business(site, assets.icons.png512), {
          '@type': 'Service',
          name: 'NAATI certified translation',
          serviceType: 'Certified translation',
          provider: provider(site),
          areaServed: ['AU', 'NZ'],
          offers: offers(site),
        })}
      />
    </>
  );
}

/** Every language we translate from, and the groups as tabs: the picker's data. */
export function pickerProps(site: SiteModel, assets: Assets): LanguagePickerProps {
  return {
    languages: site.languages.map((l) => ({
      code: l.code,
      name: l.name,
      nativeName: l.nativeName,
      nativeLang: l.localContent?.nativeLang,
      dir: l.dir,
      url: l.url,
      flag: assets.flag(l.countryCode),
    })),
    tabs: languageGroups(site).map((g) => ({ id: g.id, name: g.name, codes: g.languages.map((l) => l.code) })),
    labels: { search: 'Search languages', placeholder: 'Search by language name, in English or your language', tabs: 'Language groups' },
    icons: { search: assets.icon('search') },
  };
}

export const page: KindModule<'home'> = {
  Page: HomePage,
};
