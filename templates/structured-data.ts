// schema.org data for search engines, built from the site settings. Pure functions, typed with schema-dts
// (schema.org's vocabulary as TypeScript types), so a wrong property or value type fails the type check.
import type { AggregateOffer, BreadcrumbList, Graph, ProfessionalService, Thing } from 'schema-dts';
import type { SiteModel } from '../generator/content/model.ts';
import { absolute } from './context.ts';
import { withFee } from './components/plans.tsx';

/** The one node id of the company: every page that names the business points at the same entity. */
export function businessId(site: SiteModel): string {
  return `${site.settings.baseUrl}/#business`;
}

/** A service's provider: a reference to the company's node, never a second business at the same address. */
export function provider(site: SiteModel): { '@id': string; name: string; url: string } {
  return { '@id': businessId(site), name: site.settings.name, url: `${site.settings.baseUrl}/` };
}

export function business(site: SiteModel, logo: string): ProfessionalService {
  const s = site.settings;
  return {
    '@type': 'ProfessionalService',
    '@id': businessId(site),
    name: s.name,
    legalName: s.legalName,
    url: `${s.baseUrl}/`,
    logo: `${s.baseUrl}${logo}`,
    email: s.email,
    telephone: s.phone.e164,
    address: {
      '@type': 'PostalAddress',
      streetAddress: s.address.street,
      addressLocality: s.address.locality,
      addressRegion: s.address.region,
      postalCode: s.address.postcode,
      addressCountry: s.address.country,
    },
    areaServed: [
      { '@type': 'Country', name: 'Australia' },
      { '@type': 'Country', name: 'New Zealand' },
    ],
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: site.facts.hours.days.map((d) => `https://schema.org/${d}` as const),
        opens: site.facts.hours.opens,
        closes: site.facts.hours.closes,
      },
    ],
    priceRange: `From ${withFee(s.startingPrice, site.plans.serviceFee)} incl. service fee`,
  };
}

/**
 * The plans as one offer range, both ends taken from plans.json: the cheapest and the dearest plan's total.
 * Totals, with the service fee, because search results show these figures as the price: the Australian Consumer
 * Law (s 48) asks for the single price wherever a part of it is shown.
 */
export function offers(site: SiteModel): AggregateOffer {
  const prices = site.plans.plans.map((p) => Number(withFee(p.price, site.plans.serviceFee).slice(1)));
  return {
    '@type': 'AggregateOffer',
    priceCurrency: 'AUD',
    lowPrice: Math.min(...prices).toFixed(2),
    highPrice: Math.max(...prices).toFixed(2),
    offerCount: site.plans.plans.length,
  };
}

export function graph(...nodes: Thing[]): Graph {
  return { '@context': 'https://schema.org', '@graph': nodes as Graph['@graph'] };
}

export function breadcrumbs(site: SiteModel, trail: { label: string; href: string }[]): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.label, item: absolute(site, item.href) })),
  };
}
