import { useRender } from '../context.ts';
import { CardGrid, FaqList, JsonLd, PageHero, Section } from '../components/ui.tsx';
import { PlanCards } from '../components/plans.tsx';
import { ContactFormArea } from '../components/contact-form-area.tsx';
import { CollectionNotice } from '../components/collection-notice.tsx';
import { offers } from '../structured-data.ts';
import type { KindModule } from './index.ts';

export function PricingPage() {
  const { site } = useRender();
  const copy = site.pages.pricing;
  const faq = site.faq.filter((g) => g.placement === 'pricing').flatMap((g) => g.items);
  return (
    <>
      <PageHero eyebrow={copy.hero.eyebrow} heading={copy.hero.heading} text={copy.hero.text} compact />
      <Section id="plans" heading={copy.plans.heading} text={copy.plans.text}>
        <PlanCards />
      </Section>
      {copy.includes && (
        <Section id="included" tone="tint" heading="Every order, whichever plan">
          <CardGrid cards={copy.includes} columns={copy.includes.length === 4 ? 4 : 3} />
        </Section>
      )}
      <Section id="faq" heading={copy.faq.heading} text={copy.faq.text}>
        <div className="narrow">
          <FaqList items={faq} />
        </div>
      </Section>
      <Section id="help" heading={copy.form.heading} text={copy.form.text} tone="tint">
        <ContactFormArea variant="enquiry" />
        <CollectionNotice kind="help" />
      </Section>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'NAATI certified translation',
          description: copy.seo.description,
          brand: { '@type': 'Brand', name: site.settings.name },
          offers: offers(site),
        }}
      />
    </>
  );
}

export const page: KindModule<'pricing'> = {
  Page: PricingPage,
};
