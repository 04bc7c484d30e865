import { absolute, useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import { CardGrid, OrderLink, PageHero, Section, Steps } from '../components/ui.tsx';
import { Island } from '../components/island.tsx';
import DemoOrder from '../../islands/demo-order.tsx';
import type { KindModule } from './index.ts';

export function ProcessPage() {
  const { site, assets } = useRender();
  const copy = site.pages.process;
  const demo = copy.demo;
  const reviews = site.settings.integrations.reviews;
  // The review service shows the product with a link and a picture, so both are full addresses on this site.
  const { href, ...product } = reviews.invitation.product;
  const invitation = { ...reviews.invitation, product: { ...product, productUrl: absolute(site, href), imageUrl: absolute(site, assets.icons.png512) } };
  return (
    <>
      <PageHero eyebrow={copy.hero.eyebrow} heading={copy.hero.heading} text={copy.hero.text}>
        <OrderLink size="lg">{site.shared.orderCta.start}</OrderLink>
      </PageHero>
      <Section id="steps" heading={copy.steps.heading} text={copy.steps.text} tone="tint">
        <Steps steps={copy.steps.items} />
      </Section>
      <Section id="demo" heading={demo.heading} text={demo.text}>
        <Island
          name="demo-order"
          wake="visible"
          component={DemoOrder}
          props={{
            copy: { button: demo.button, dialogTitle: demo.dialogTitle, dialogText: demo.dialogText, customerName: demo.customerName, customerEmail: demo.customerEmail, document: demo.document, languagePair: demo.languagePair, delivery: demo.delivery, reviewPrompt: demo.reviewPrompt, reviewButton: demo.reviewButton },
            reviews: { scriptUrl: reviews.scriptUrl, businessUnitId: reviews.businessUnitId },
            invitation,
            icons: { play: assets.icon('play'), check: assets.icon('circle-check'), close: assets.icon('x'), star: assets.icon('star') },
          }}
        />
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

export const page: KindModule<'process'> = {
  Page: ProcessPage,
};
