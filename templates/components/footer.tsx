import { useRender } from '../context.ts';
import { Icon } from './icon.tsx';
import { Shared } from './shared.tsx';
import { EmailAddress } from './ui.tsx';

export function Footer() {
  return (
    <Shared as="footer" name="footer" component={FooterContent} props={{}} className="site-footer" />
  );
}

function FooterContent() {
  const { site, assets } = useRender();
  const s = site.settings;
  const logo = assets.image(s.logo.src);
  const year = (site.buildDate ?? s.updated).slice(0, 4);
  // From navigation.json, which names the facts: reading facts.json here would make every page depend on every fact.
  const guarantee = site.navigation.footer.guarantee;
  return (
    <>
      <div className="container footer-grid">
        <div className="footer-about">
          <a className="brand brand-footer" href="/">
            <img src={logo.src} width={36} height={36} alt={s.logo.alt} loading="lazy" />
            <span className="brand-name">{s.name}</span>
          </a>
          {site.navigation.footer.about && <p>{site.navigation.footer.about}</p>}
          <address className="footer-contact">
            <span>
              <Icon name="map-pin" size={18} />
              {s.address.street}, {s.address.locality} {s.address.region} {s.address.postcode}
            </span>
            <a href={`tel:${s.phone.e164}`}>
              <Icon name="phone" size={18} />
              {s.phone.display}
            </a>
            <a href={`mailto:${s.email}`}>
              <Icon name="mail" size={18} />
              <EmailAddress address={s.email} />
            </a>
          </address>
        </div>
        {site.navigation.footer.columns.map((column) => (
          <nav key={column.title} className="footer-column" aria-label={column.title}>
            <h2>{column.title}</h2>
            <ul role="list">
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <nav className="footer-column" aria-label="Popular languages">
          <h2>Popular Languages</h2>
          <ul role="list">
            {site.menus.footerLanguages.map((l) => (
              <li key={l.code}>
                <a href={l.url}>{l.name} translation</a>
              </li>
            ))}
            <li>
              <a href="/languages">View all languages</a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        {/* Every page that names the guarantee carries its conditions: the footer is on every page. */}
        <p className="footer-guarantee" id="guarantee-conditions">
          <strong>{guarantee.name}:</strong> {guarantee.conditions} <a href={guarantee.link.href}>{guarantee.link.label}</a>
        </p>
        <p>
          © {year} {s.legalName}. ABN {s.abn}.
        </p>
        {site.navigation.footer.note && <p>{site.navigation.footer.note}</p>}
      </div>
    </>
  );
}

/** Start Now, fixed at the side on medium screens and up. */
export function FloatingButton() {
  const { site } = useRender();
  const f = site.shared.floatingButton;
  return (
    <a className="floating-start" href={site.settings.orderUrl} target="_blank" rel="noopener" data-order-link="" data-analytics-event="order_translation_clicked">
      {/*
        The name starts with the words seen, so a speech-input user who says "click Start Now" finds it (WCAG
        2.5.3), then gives shared.json's fuller label and the badge's price, which are hidden as shown.
      */}
      <span className="sr-only">
        {f.label}: {f.ariaLabel}. {f.badge} (opens in a new tab)
      </span>
      <span className="floating-badge" aria-hidden="true">
        {f.badge}
      </span>
      <span className="floating-label" aria-hidden="true">
        {f.label}
      </span>
      <span className="floating-sub" aria-hidden="true">
        {f.subLabel}
      </span>
    </a>
  );
}
