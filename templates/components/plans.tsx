import type { ServiceEntry } from '../../generator/content/model.ts';
import type { ServicePlans } from '../../generator/content/types.ts';
import { useRender } from '../context.ts';
import { Icon } from './icon.tsx';
import { CheckList, OrderLink } from './ui.tsx';

/** A service's from-price: its own, or else the Full Document plan's. */
export function servicePrice(service: ServiceEntry, plans: ServicePlans): string {
  return service.pricing.startingPrice ?? plans.plans.find((p) => p.id === 'full')?.price ?? '';
}

/**
 * A plan's price with the service fee added, as the Australian Consumer Law's single-price rule (s48) asks
 * wherever a price is shown without the fee: "$44.95" and "$9.95" make "$54.90". Both come from plans.json.
 */
export function withFee(price: string, fee: string): string {
  const cents = (p: string) => Math.round(Number(p.replace(/^\$/, '')) * 100);
  return `$${((cents(price) + cents(fee)) / 100).toFixed(2)}`;
}

/** A hero's from-price, with the single price (the fee added) beside it and as large (ACL s 48(7)). */
export function HeroPrice({ price, note }: { price: string; note: string }) {
  const { site } = useRender();
  return (
    <p className="hero-price" data-reveal-item="">
      <span className="price-from">From</span> <strong>{price}</strong> <span>{note}</span>{' '}
      <span className="price-total">
        (<strong>{withFee(price, site.plans.serviceFee)}</strong> minimum total)
      </span>
    </p>
  );
}

/** A service card's from-price and its total with the fee. */
export function ServicePrice({ service }: { service: ServiceEntry }) {
  const { site } = useRender();
  const price = servicePrice(service, site.plans);
  return (
    <p className="service-price">
      From <strong>{price}</strong> {service.pricing.priceNote} (<strong>{withFee(price, site.plans.serviceFee)}</strong> in total)
    </p>
  );
}

/** The three service plans, side by side from medium screens. */
export function PlanCards() {
  const { site } = useRender();
  return (
    <>
      <ul className="plan-grid" role="list">
        {site.plans.plans.map((plan) => (
          <li key={plan.id} className={plan.recommended ? 'card plan plan-recommended' : 'card plan'} data-reveal-item="">
            {plan.badge && <p className="plan-badge">{plan.badge}</p>}
            <h3>{plan.name}</h3>
            <p className="plan-price">
              <strong>{plan.price}</strong>
              <span>{plan.priceNote}</span>
            </p>
            <p className="plan-total">
              <strong>{withFee(plan.price, site.plans.serviceFee)}</strong> in total with the {site.plans.serviceFee} service fee
            </p>
            <p className="plan-time">
              <Icon name="clock" size={18} /> {plan.timeframe}
            </p>
            <p>{plan.description}</p>
            <CheckList items={plan.features} />
            <OrderLink tone={plan.recommended ? 'primary' : 'secondary'} className="plan-cta">
              {site.shared.orderCta.getStarted}
              <span className="sr-only"> with {plan.name}</span>
            </OrderLink>
          </li>
        ))}
      </ul>
      <p className="plan-note">
        <Icon name="zap" size={18} /> {site.plans.expressNote} {site.facts.price.gst}
      </p>
    </>
  );
}
