import { useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import { Picture } from '../components/picture.tsx';
import { FaqList, JsonLd, OrderLink, PageHero } from '../components/ui.tsx';
import type { KindModule } from './index.ts';

export function FaqPage() {
  const { site, markdown } = useRender();
  const copy = site.pages.faq;
  const groups = site.faq.filter((g) => g.placement === 'faq');
  return (
    <>
      <PageHero eyebrow={copy.hero.eyebrow} heading={copy.hero.heading} text={copy.hero.text} compact>
        <nav className="anchor-nav" aria-label="FAQ topics">
          {groups.map((g) => (
            <a key={g.id} href={`#${g.id}`} className="chip chip-link">
              {g.icon && <Icon name={g.icon} size={16} />} {g.title}
            </a>
          ))}
        </nav>
      </PageHero>
      <section className="section section-flush" aria-label="Topics">
        <div className="container">
          <ul className="card-grid cols-4" role="list">
            {groups.map((g) => (
              <li key={g.id} className="card topic-card" data-reveal-item="">
                {g.icon && (
                  <span className="icon-badge">
                    <Icon name={g.icon} />
                  </span>
                )}
                <h2 className="h3">
                  <a href={`#${g.id}`} className="card-link">
                    {g.title}
                  </a>
                </h2>
                {g.description && <p>{g.description}</p>}
                <p className="muted small">{g.items.length} questions</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      {groups.map((g, i) => (
        <section key={g.id} id={g.id} className={i % 2 === 0 ? 'section section-tint faq-section' : 'section faq-section'} aria-labelledby={`${g.id}-heading`} data-reveal="">
          <div className="container faq-layout">
            <div className="faq-aside">
              <h2 id={`${g.id}-heading`}>
                {g.icon && <Icon name={g.icon} />} {g.title}
              </h2>
              {g.description && <p>{g.description}</p>}
              {g.image && <Picture image={g.image} sizes="(min-width: 1024px) 360px, 100vw" className="faq-image" />}
            </div>
            <FaqList items={g.items} group={`faq-${g.id}`} />
          </div>
        </section>
      ))}
      <section className="section" aria-labelledby="still-heading">
        <div className="container">
          <div className="callout">
            <span className="icon-badge icon-badge-gold">
              <Icon name="message-circle-question" />
            </span>
            <div>
              <h2 id="still-heading">{copy.stillHaveQuestions.heading}</h2>
              <p>{copy.stillHaveQuestions.text}</p>
            </div>
            <div className="cta-actions">
              <a className="button button-secondary" href="/contact">
                {copy.stillHaveQuestions.contactButton}
              </a>
              <OrderLink>{copy.stillHaveQuestions.orderButton}</OrderLink>
            </div>
          </div>
        </div>
      </section>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          mainEntity: groups.flatMap((g) => g.items).map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: markdown.get(q.answer) ?? q.answer } })),
        }}
      />
    </>
  );
}

export const page: KindModule<'faq'> = {
  Page: FaqPage,
};
