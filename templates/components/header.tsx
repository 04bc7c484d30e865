import type { LanguageEntry, ServiceEntry } from '../../generator/content/model.ts';
import { useRender } from '../context.ts';
import { Icon } from './icon.tsx';
import { Flag } from './picture.tsx';
import { OrderLink } from './ui.tsx';
import { Shared } from './shared.tsx';

/** Active by path prefix; Home only on an exact match. */
export function isActive(href: string, path: string): boolean {
  return href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`);
}

/** The header item a page belongs to, if any: the only thing that differs between pages' headers. */
export function activeSection(headerHrefs: string[], path: string): string {
  return headerHrefs.find((href) => isActive(href, path)) ?? '';
}

export function Header() {
  const { site, page } = useRender();
  const section = activeSection(
    site.navigation.header.map((item) => item.href),
    page.path,
  );
  // The section's own page is the current page; a page below it (a service, a post) is only in that section.
  const current = page.path === section ? 'page' : 'true';
  return (
    <Shared as="header" name="header" component={HeaderBar} props={{ section, current }} className="site-header" data-header="" />
  );
}

function HeaderBar({ section, current }: { section: string; current: 'page' | 'true' }) {
  const { site, assets } = useRender();
  const logo = assets.image(site.settings.logo.src);
  return (
    <>
      <div className="container header-bar">
        <a className="brand" href="/">
          <img src={logo.src} width={40} height={40} alt={site.settings.logo.alt} />
          <span className="brand-name">{site.settings.name}</span>
        </a>
        <nav className="nav-desktop" aria-label="Main">
          <ul className="nav-list">
            {site.navigation.header.map((item) => {
              const active = item.href === section;
              if (item.menu === 'services') {
                return (
                  <li key={item.href} className="has-menu" data-menu="">
                    <a href={item.href} className={active ? 'nav-link active' : 'nav-link'} aria-current={active ? current : undefined}>
                      {item.label}
                    </a>
                    <button type="button" className="menu-toggle" aria-expanded="false" aria-controls="menu-services">
                      <Icon name="chevron-down" size={16} />
                      <span className="sr-only">{item.label} menu</span>
                    </button>
                    <div className="dropdown" id="menu-services">
                      <ServiceLinks services={site.menus.services} />
                      <a className="dropdown-all" href="/services">
                        View all services <Icon name="arrow-right" size={16} />
                      </a>
                    </div>
                  </li>
                );
              }
              return (
                <li key={item.href}>
                  <a href={item.href} className={active ? 'nav-link active' : 'nav-link'} aria-current={active ? current : undefined}>
                    {item.label}
                  </a>
                </li>
              );
            })}
            <li className="has-menu" data-menu="">
              <button type="button" className="nav-link menu-toggle menu-toggle-labelled" aria-expanded="false" aria-controls="menu-languages">
                {site.navigation.languagesMenu.label}
                <Icon name="chevron-down" size={16} />
              </button>
              <div className="dropdown dropdown-languages" id="menu-languages">
                <LanguageLinks languages={site.menus.languages} />
                <a className="dropdown-all" href="/languages">
                  View all languages <Icon name="arrow-right" size={16} />
                </a>
              </div>
            </li>
          </ul>
        </nav>
        <OrderLink className="header-cta">{site.shared.orderCta.start}</OrderLink>
        <MobileMenu section={section} current={current} />
      </div>
    </>
  );
}

function ServiceLinks({ services }: { services: ServiceEntry[] }) {
  return (
    <ul className="menu-links" role="list">
      {services.map((s) => (
        <li key={s.slug}>
          <a href={s.url}>
            <Icon name={s.card.icon} size={18} />
            {s.card.title}
          </a>
        </li>
      ))}
    </ul>
  );
}

function LanguageLinks({ languages }: { languages: LanguageEntry[] }) {
  return (
    <ul className="menu-links menu-languages" role="list">
      {languages.map((l) => (
        <li key={l.code}>
          <a href={l.url} lang="en">
            <Flag countryCode={l.countryCode} />
            {l.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Below 768 px: a native disclosure, so the menu opens and closes with or without JavaScript. */
function MobileMenu({ section, current }: { section: string; current: 'page' | 'true' }) {
  const { site } = useRender();
  return (
    <details className="nav-mobile" data-mobile-menu="">
      <summary className="nav-mobile-toggle" aria-label="Menu">
        <Icon name="menu" className="when-closed" />
        <Icon name="x" className="when-open" />
      </summary>
      <nav className="nav-mobile-panel" aria-label="Mobile">
        <ul className="mobile-links" role="list">
          {site.navigation.header.map((item) => {
            const active = item.href === section;
            return (
              <li key={item.href}>
                <a href={item.href} className={active ? 'active' : undefined} aria-current={active ? current : undefined}>
                  {item.label}
                </a>
              </li>
            );
          })}
        </ul>
        <details className="mobile-section">
          <summary>
            Services <Icon name="chevron-down" size={18} />
          </summary>
          <ServiceLinks services={site.menus.mobileServices} />
          <a className="dropdown-all" href="/services">
            View all services <Icon name="arrow-right" size={16} />
          </a>
        </details>
        <details className="mobile-section">
          <summary>
            {site.navigation.languagesMenu.label} <Icon name="chevron-down" size={18} />
          </summary>
          <p className="menu-caption">Popular in Australia</p>
          <LanguageLinks languages={site.menus.mobilePopularLanguages} />
          <p className="menu-caption">More languages</p>
          <LanguageLinks languages={site.menus.mobileMoreLanguages} />
          <a className="dropdown-all" href="/languages">
            View all languages <Icon name="arrow-right" size={16} />
          </a>
        </details>
        <OrderLink className="mobile-cta">{site.shared.orderCta.start}</OrderLink>
      </nav>
    </details>
  );
}
