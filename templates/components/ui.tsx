import type { ReactNode } from 'react';
import type { Graph, Thing, WithContext } from 'schema-dts';
import type { Card, Step } from '../../generator/content/types.ts';
import { scriptJson, useRender } from '../context.ts';
import { Icon } from './icon.tsx';
import { BreakPoints } from '../../islands/lib/markup.tsx';

type Tone = 'primary' | 'secondary' | 'ghost' | 'light';

/**
 * An email address that may wrap after its @ and before each dot, never inside a word, when large text leaves no
 * room for it on one line. One span holds the parts, so that in a link laid out as a flex box (an icon beside the
 * text) they stay one item.
 */
export function EmailAddress({ address }: { address: string }) {
  return (
    <span>
      <BreakPoints text={address} points={/(?<=@)|(?=\.)/} />
    </span>
  );
}

/** A link to the external order page: always a new tab, and says so to screen readers. */
export function OrderLink({ children, tone = 'primary', size, className }: { children: ReactNode; tone?: Tone; size?: 'lg'; className?: string }) {
  const { site } = useRender();
  return (
    <a className={['button', `button-${tone}`, size && `button-${size}`, className].filter(Boolean).join(' ')} href={site.settings.orderUrl} target="_blank" rel="noopener" data-order-link="">
      {children}
      <Icon name="arrow-up-right" size={18} />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export function ButtonLink({ href, children, tone = 'secondary', size, icon }: { href: string; children: ReactNode; tone?: Tone; size?: 'lg'; icon?: string }) {
  return (
    <a className={['button', `button-${tone}`, size && `button-${size}`].filter(Boolean).join(' ')} href={href}>
      {children}
      {icon && <Icon name={icon} size={18} />}
    </a>
  );
}

export function Section({ id, heading, text, children, tone, className, headingLevel = 2, reveal = true }: {
  id?: string;
  heading?: string;
  text?: string;
  children?: ReactNode;
  tone?: 'tint' | 'dark' | 'plain';
  className?: string;
  headingLevel?: 2 | 3;
  reveal?: boolean;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} className={['section', tone && `section-${tone}`, className].filter(Boolean).join(' ')} aria-labelledby={heading ? headingId : undefined} data-reveal={reveal ? '' : undefined}>
      <div className="container">
        {heading && (
          <div className="section-intro">
            <H id={headingId}>{heading}</H>
            {text && <p className="lead">{text}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}

export function CardGrid({ cards, columns = 3, headingLevel = 3 }: { cards: Card[]; columns?: 2 | 3 | 4; headingLevel?: 3 | 4 }) {
  const H = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <ul className={`card-grid cols-${columns}`} role="list">
      {cards.map((card) => (
        <li key={card.title} className="card feature-card" data-reveal-item="">
          {card.icon && (
            <span className="icon-badge">
              <Icon name={card.icon} />
            </span>
          )}
          <H>{card.title}</H>
          <p>{card.text}</p>
          {card.note && (
            <p className="card-note">
              <strong>Note:</strong> {card.note}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

export function Steps({ steps, headingLevel = 3 }: { steps: Step[]; headingLevel?: 3 | 4 }) {
  const H = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <ol className={`steps steps-${steps.length}`}>
      {steps.map((step, i) => (
        <li key={step.title} className="step" data-reveal-item="">
          <span className="step-number" aria-hidden="true">
            {i + 1}
          </span>
          <div>
            <H>{step.title}</H>
            <p>{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export interface FaqEntry {
  id?: string;
  question: string;
  answer: string;
}

/**
 * Questions as native <details>: they open and close without JavaScript, by mouse and keyboard. With a
 * `group` name the browser keeps only one open at a time. A question is the summary's own text, not a
 * heading: a summary is a button, whose children are presentational, so a heading in it is lost to
 * screen readers. The list says how many questions there are; the section's heading names them.
 */
export function FaqList({ items, group }: { items: FaqEntry[]; group?: string }) {
  const { markdown } = useRender();
  return (
    <ul className="faq-list" role="list">
      {items.map((item) => (
        <li key={item.question}>
          <details className="faq-item" name={group} id={item.id}>
            <summary>
              <span className="faq-question">{item.question}</span>
              <Icon name="chevron-down" className="faq-chevron" size={20} />
            </summary>
            <div className="faq-answer prose" dangerouslySetInnerHTML={{ __html: markdown.get(item.answer) ?? escapeHtml(item.answer) }} />
          </details>
        </li>
      ))}
    </ul>
  );
}

/** A list of points, each with a tick. */
export function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="check-list" role="list">
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={18} /> {item}
        </li>
      ))}
    </ul>
  );
}

export function JsonLd({ data }: { data: Graph | WithContext<Thing> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />;
}

export function PageHero({ eyebrow, heading, text, children, image, compact }: {
  eyebrow?: string;
  heading: string;
  text?: string;
  children?: ReactNode;
  image?: ReactNode;
  compact?: boolean;
}) {
  return (
    <section className={compact ? 'hero hero-compact' : 'hero'} aria-labelledby="page-heading">
      <div className={image ? 'container hero-grid' : 'container'}>
        <div className="hero-copy" data-reveal="" data-reveal-stagger="150">
          {eyebrow && <p className="eyebrow" data-reveal-item="">{eyebrow}</p>}
          <h1 id="page-heading" data-reveal-item="">{heading}</h1>
          {text && <p className="hero-text" data-reveal-item="">{text}</p>}
          {children && <div className="hero-actions" data-reveal-item="">{children}</div>}
        </div>
        {image && <div className="hero-media">{image}</div>}
      </div>
    </section>
  );
}

export function CallToAction({ heading, text, button, secondary }: { heading: string; text: string; button?: string; secondary?: ReactNode }) {
  const { site } = useRender();
  return (
    <section className="section cta-band" aria-labelledby="cta-heading" data-reveal="">
      <div className="container cta-inner">
        <div>
          <h2 id="cta-heading">{heading}</h2>
          <p>{text}</p>
        </div>
        <div className="cta-actions">
          <OrderLink tone="light" size="lg">
            {button ?? site.shared.orderCta.start}
          </OrderLink>
          {secondary}
        </div>
      </div>
    </section>
  );
}

export function Breadcrumbs({ trail }: { trail: { label: string; href?: string }[] }) {
  return (
    <nav className="breadcrumbs container" aria-label="Breadcrumb">
      <ol>
        {trail.map((item) => (
          <li key={item.label}>{item.href ? <a href={item.href}>{item.label}</a> : <span aria-current="page">{item.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
