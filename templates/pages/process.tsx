import { useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import { CardGrid, OrderLink, PageHero, Section, Steps } from '../components/ui.tsx';

export function ProcessPage() {
  const { site } = useRender();
  const copy = site.pages.process;
  const demo = copy.demo;
  return (
    <>
      <PageHero eyebrow={copy.hero.eyebrow} heading={copy.hero.heading} text={copy.hero.text}>
        <OrderLink size="lg">{site.shared.orderCta.start}</OrderLink>
      </PageHero>
      <Section id="steps" heading={copy.steps.heading} text={copy.steps.text} tone="tint">
        <Steps steps={copy.steps.items} />
      </Section>
      <Section id="demo" heading={demo.heading} text={demo.text}>
        <div className="demo" data-demo-order="">
          <button type="button" className="button button-primary button-lg" popoverTarget="translation-complete" data-demo-open="">
            <Icon name="play" size={18} />
            {demo.button}
          </button>
          <div id="translation-complete" className="dialog" popover="auto" role="dialog" aria-modal="true" aria-labelledby="translation-complete-title">
            <div className="dialog-head">
              <span className="icon-badge icon-badge-green">
                <Icon name="circle-check" />
              </span>
              <h3 id="translation-complete-title">{demo.dialogTitle}</h3>
              <button type="button" className="icon-button" popoverTarget="translation-complete" popoverTargetAction="hide" aria-label="Close">
                <Icon name="x" />
              </button>
            </div>
            <p>{demo.dialogText}</p>
            <dl className="order-summary">
              <div>
                <dt>Order reference</dt>
                <dd data-order-reference="">TR······</dd>
              </div>
              <div>
                <dt>Customer</dt>
                <dd>{demo.customerName}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>{demo.customerEmail}</dd>
              </div>
              <div>
                <dt>Document</dt>
                <dd>{demo.document}</dd>
              </div>
              <div>
                <dt>Languages</dt>
                <dd>{demo.languagePair}</dd>
              </div>
              <div>
                <dt>Delivery</dt>
                <dd>{demo.delivery}</dd>
              </div>
            </dl>
            <p className="muted">{demo.reviewPrompt}</p>
            <button type="button" className="button button-secondary" data-review-invitation="">
              <Icon name="star" size={18} />
              {demo.reviewButton}
            </button>
          </div>
        </div>
      </Section>
      <Section id="security" heading={copy.security.heading} text={copy.security.text} tone="tint">
        <CardGrid cards={copy.security.items} columns={4} />
      </Section>
      <Section id="technology" heading={copy.technology.heading}>
        <div className="two-col">
          <div className="prose">
            {copy.technology.paragraphs.map((p) => (
              <p key={p.slice(0, 40)}>{p}</p>
            ))}
          </div>
          <ul className="check-list check-list-lg card" role="list">
            {copy.technology.points.map((point) => (
              <li key={point}>
                <Icon name="circle-check" size={20} /> {point}
              </li>
            ))}
          </ul>
        </div>
      </Section>
      <Section id="payment" heading={copy.payment.heading} tone="tint">
        <ul className="chip-list chip-list-lg" role="list">
          {copy.payment.methods.map((m) => (
            <li key={m} className="chip">
              <Icon name="credit-card" size={18} /> {m}
            </li>
          ))}
        </ul>
        <p>{copy.payment.text}</p>
      </Section>
      <section className="section cta-band" aria-labelledby="cta-heading" data-reveal="">
        <div className="container cta-inner">
          <div>
            <h2 id="cta-heading">{copy.cta.heading}</h2>
            <p>{copy.cta.text}</p>
          </div>
          <div className="cta-actions">
            <OrderLink tone="light" size="lg">
              {copy.cta.button ?? site.shared.orderCta.start}
            </OrderLink>
            <a className="button button-ghost button-lg" href="/contact">
              Contact Us
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
