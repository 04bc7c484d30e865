import type { ServiceEntry, SiteModel } from '../../generator/content/model.ts';
import type { Head } from '../../generator/routes.ts';
import type { BusinessFacts } from '../../generator/content/types.ts';
import { absolute, inSentence, months, useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import { Picture } from '../components/picture.tsx';
import { Breadcrumbs, CallToAction, CardGrid, CheckList, FaqList, JsonLd, OrderLink, Section, Steps } from '../components/ui.tsx';
import { ServiceCard } from './services.tsx';
import { HeroPrice, servicePrice, withFee } from '../components/plans.tsx';
import { breadcrumbs, graph, provider } from '../structured-data.ts';
import type { KindModule } from './index.ts';

/** A service page's head: its own SEO copy, or its name and the site's. */
export function serviceHead(data: { entry: ServiceEntry }, site: SiteModel): Head {
  const s = data.entry;
  return { title: s.seo.title ?? `${s.title} | ${site.settings.name}`, description: s.seo.description ?? s.serviceDescription, keywords: s.seo.keywords };
}

/** The one template of every service page: each service's copy and price fill the same sections. */
export function ServicePage({ data }: { data: { entry: ServiceEntry } }) {
  const { site, markdown } = useRender();
  const s = data.entry;
  const { upload, certification, delivery } = site.shared.standardSteps;
  const steps = s.steps ?? [upload, certification, delivery];
  const related = (s.related ?? []).map((slug) => site.services.find((x) => x.slug === slug)!).filter(Boolean);
  const price = servicePrice(s, site.plans);
  // The price with the service fee added, beside every price shown without it (ACL s48).
  const total = withFee(price, site.plans.serviceFee);
  const trail = [
    { label: 'Home', href: '/' },
    { label: 'Services', href: '/services' },
    { label: s.card.title, href: s.url },
  ];
  return (
    <>
      <Breadcrumbs trail={trail.map((t, i) => (i === trail.length - 1 ? { label: t.label } : t))} />
      <section className="hero hero-service" aria-labelledby="page-heading">
        <div className="container hero-grid">
          <div className="hero-copy" data-reveal="" data-reveal-stagger="150">
            <p className="eyebrow" data-reveal-item="">
              <Icon name={s.card.icon} size={18} /> {s.serviceName}
            </p>
            <h1 id="page-heading" data-reveal-item="">
              {s.title}
            </h1>
            <p className="hero-text" data-reveal-item="">
              {s.serviceDescription}
            </p>
            <HeroPrice price={price} note={s.pricing.priceNote} />
            <div className="hero-actions" data-reveal-item="">
              <OrderLink size="lg">{site.shared.orderCta.start}</OrderLink>
              <a className="button button-secondary button-lg" href="#translation-services">
                Prices and turnaround
              </a>
            </div>
          </div>
          <div className="hero-media">
            <Picture image={s.image} sizes="(min-width: 1024px) 540px, 100vw" eager priority className="hero-image" />
          </div>
        </div>
      </section>

      {s.notices && s.notices.length > 0 && (
        <section className="section section-flush" aria-label="Important notices">
          <div className="container notices">
            {s.notices.map((notice) => (
              <aside key={notice.title} className="notice" aria-label={notice.title}>
                <Icon name="info" />
                <div>
                  <h2>{notice.title}</h2>
                  <p>{notice.text}</p>
                  {notice.link && (
                    <p>
                      <a href={notice.link.href} {...(notice.link.href.startsWith('http') ? { target: '_blank', rel: 'noopener' } : {})}>
                        {notice.link.label}
                        {notice.link.href.startsWith('http') && <span className="sr-only"> (opens in a new tab)</span>}
                      </a>
                    </p>
                  )}
                </div>
              </aside>
            ))}
          </div>
        </section>
      )}

      {s.licenceTable && (
        <Section id="licence-rules" heading={s.licenceTable.heading} text={s.licenceTable.intro}>
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="licence-rules-heading">
            <table className="rules-table">
              <thead>
                <tr>
                  <th scope="col">Where</th>
                  <th scope="col">Driving on an overseas licence</th>
                  <th scope="col">Converting to a local licence</th>
                  <th scope="col">Source</th>
                </tr>
              </thead>
              <tbody>
                {s.licenceTable.rows.map((row) => (
                  <tr key={row.place}>
                    <th scope="row">{row.place}</th>
                    <td data-label="Driving on an overseas licence">{row.driving}</td>
                    <td data-label="Converting to a local licence">{row.converting}</td>
                    <td data-label="Source">
                      {row.source ? (
                        <>
                          <a href={row.source} target="_blank" rel="noopener">
                            {row.sourceTitle ?? 'Source'}
                            <span className="sr-only"> (opens in a new tab)</span>
                          </a>
                          {row.checked && (
                            <span className="rules-checked">
                              {' '}
                              Checked <time dateTime={row.checked}>{auDate(row.checked)}</time>
                            </span>
                          )}
                        </>
                      ) : (
                        'Not confirmed'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Section>
      )}

      <Section id="about" heading={`About ${s.serviceName.toLowerCase().startsWith('the ') ? s.serviceName.slice(4) : s.serviceName}`}>
        <div className="prose prose-wide">
          {s.intro.map((p) => (
            <p key={p.slice(0, 40)}>{p}</p>
          ))}
        </div>
      </Section>

      <Section id="use-cases" heading="When you need this translation" tone="tint">
        <CardGrid cards={s.useCases} columns={s.useCases.length === 4 ? 2 : 3} />
      </Section>

      <Section id="translation-services" heading="Price and turnaround">
        <div className="pricing-panel">
          <div className="pricing-main">
            <p className="plan-price">
              <span className="price-from">From</span> <strong>{price}</strong>
              <span>
                {s.pricing.unit ? `${s.pricing.unit} ` : ''}
                {s.pricing.priceNote}
              </span>
            </p>
            <p className="plan-total">
              <strong>{total}</strong> in total with the {site.plans.serviceFee} service fee. {site.facts.price.gst}
            </p>
            <dl className="turnaround">
              {s.pricing.turnaround.map((row) => (
                <div key={row.label}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
            {s.pricing.note && <p className="muted">{s.pricing.note}</p>}
            <OrderLink size="lg">{site.shared.orderCta.start}</OrderLink>
          </div>
          {s.pricing.includes && (
            <div className="pricing-includes">
              <h3>Every order includes</h3>
              <CheckList items={s.pricing.includes} />
            </div>
          )}
        </div>
        <p className="plan-note">
          <Icon name="zap" size={18} /> {planNote(s, site.plans.expressNote, site.facts)}
        </p>
      </Section>

      <Section id="requirements" heading="What we need from you" tone="tint">
        <div className="two-col">
          <ul className="check-list check-list-lg" role="list">
            {s.requirements.map((r) => (
              <li key={r}>
                <Icon name="circle-check" size={20} /> {r}
              </li>
            ))}
          </ul>
          <div className="card upload-card">
            <h3>
              <Icon name="upload" /> Uploading your document
            </h3>
            <p>Originals are not needed: a clear scan or phone photo is enough. Upload {site.facts.uploads.formats} files up to {site.facts.uploads.maxSize} each, with every page in order and all stamps, seals and signatures visible.</p>
          </div>
        </div>
      </Section>

      <Section id="document-types" heading="Document types we translate">
        <ul className="tag-list" role="list">
          {s.documentTypes.map((t) => (
            <li key={t}>
              <Icon name="file-text" size={18} /> {t}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="process" heading="How it works" tone="tint">
        <Steps steps={steps} />
      </Section>

      <Section id="faq" heading="Frequently asked questions">
        <div className="narrow">
          <FaqList items={s.faq} />
        </div>
      </Section>

      <section className="section section-flush" aria-labelledby="confidentiality-heading">
        <div className="container">
          <div className="callout callout-quiet">
            <span className="icon-badge">
              <Icon name="lock" />
            </span>
            <div>
              <h2 id="confidentiality-heading">{site.shared.confidentiality.heading}</h2>
              <p>{site.shared.confidentiality.text}</p>
              <p className="muted">{site.shared.disclaimer}</p>
            </div>
          </div>
        </div>
      </section>

      {related.length > 0 && (
        <Section id="related" heading="Related translations">
          <ul className="card-grid cols-3" role="list">
            {related.map((r) => (
              <ServiceCard key={r.slug} service={r} headingLevel={3} />
            ))}
          </ul>
        </Section>
      )}

      <CallToAction
        heading={`Order your ${inSentence(s.serviceName)} today`}
        text={`Upload your document now and a NAATI certified translator gets to work. From ${price} ${s.pricing.priceNote} (${total} minimum total), the same for every language.`}
        secondary={
          <a className="button button-ghost button-lg" href="/contact">
            Ask a question
          </a>
        }
      />
      <JsonLd
        data={graph(
          {
            '@type': 'Service',
            name: s.serviceName,
            description: s.serviceDescription,
            serviceType: 'Certified translation',
            url: absolute(site, s.url),
            provider: provider(site),
            areaServed: ['AU', 'NZ'],
            // The single price, fee included, as search results show it (see offers()).
            offers: { '@type': 'Offer', price: total.slice(1), priceCurrency: 'AUD', url: absolute(site, s.url) },
          },
          {
            '@type': 'FAQPage',
            mainEntity: s.faq.map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: markdown.get(q.answer) ?? q.answer } })),
          },
          breadcrumbs(site, trail),
        )}
      />
    </>
  );
}

/**
 * The line under the price: only what applies to this document. Express is offered at checkout only where
 * the page lists an express turnaround (elsewhere its note says to ask), and the one-hour promise belongs to
 * the Self-Service Extract, so pages without that plan (wills, pensions) leave it out.
 */
export function planNote(s: ServiceEntry, expressNote: string, facts: BusinessFacts): string {
  const express = s.pricing.turnaround.some((row) => /express/i.test(row.label));
  const selfService = s.pricing.plans.includes('self-service');
  return [
    express ? expressNote : facts.delivery.hardCopy,
    'Same price for every language.',
    selfService ? `Most self-service orders are ready in ${facts.turnaround.selfService} during business hours; ${facts.turnaround.outsideHours}.` : `${facts.turnaround.outsideHours[0].toUpperCase()}${facts.turnaround.outsideHours.slice(1)}.`,
  ].join(' ');
}

/** 2026-12-01 as 1 December 2026, the way the site writes dates. */
function auDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${months[m - 1]} ${y}`;
}

export const page: KindModule<'service'> = {
  Page: ServicePage,
  head: serviceHead,
  listing: { heading: 'Services', position: 1, links: (site) => site.services.map((s) => ({ label: s.card.title, href: s.url })) },
};
