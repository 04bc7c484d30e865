// What every page does, in plain DOM code: no framework, a few kilobytes. The page works without it; this
// adds the compact header, menus that open by click and close with Escape or an outside click, a mobile
// menu that locks the page behind it, the analytics event of the order buttons, scroll reveal, the copy
// button, and the chat and analytics scripts, loaded only when the browser is idle or chat is asked for.
import { loadScript } from '../lib/third-party.ts';
import { inSmallLetters } from '../lib/small-letters.ts';

interface SiteConfig {
  analyticsId?: string;
  chatSrc?: string;
}

declare global {
  interface Window {
    dataLayer: Record<string, unknown>[];
    Tawk_API?: { maximize?: () => void; onLoad?: () => void };
  }
}

const config: SiteConfig = JSON.parse(document.getElementById('site-config')?.textContent ?? '{}');
document.documentElement.classList.add('js');
window.dataLayer = window.dataLayer ?? [];

const whenIdle = (work: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 4000 }) : setTimeout(work, 1500));

// Header: compact with a shadow once the page has scrolled more than 10 px.
const header = document.querySelector<HTMLElement>('[data-header]');
if (header) {
  let ticking = false;
  const update = () => {
    header.classList.toggle('is-compact', window.scrollY > 10);
    ticking = false;
  };
  window.addEventListener(
    'scroll',
    () => {
      if (!ticking) requestAnimationFrame(update);
      ticking = true;
    },
    { passive: true },
  );
  update();
}

// Desktop dropdowns: hover and focus open them in CSS; here click toggles, Escape and outside clicks close.
const menus = [...document.querySelectorAll<HTMLElement>('[data-menu]')];
// `closed` keeps a menu shut while the pointer is still over it (after Escape, or a click that closed it).
const setMenu = (menu: HTMLElement, open: boolean, keepShut = false) => {
  menu.classList.toggle('open', open);
  menu.classList.toggle('closed', keepShut);
  menu.querySelector('.menu-toggle')?.setAttribute('aria-expanded', String(open));
};
for (const menu of menus) {
  const toggle = menu.querySelector<HTMLButtonElement>('.menu-toggle');
  toggle?.addEventListener('click', () => {
    const open = !menu.classList.contains('open');
    for (const other of menus) if (other !== menu) setMenu(other, false);
    setMenu(menu, open, !open);
    if (open) menu.querySelector<HTMLAnchorElement>('.dropdown a')?.focus();
  });
  // Leaving a menu forgets a closed state, so hover opens it again next time.
  menu.addEventListener('mouseleave', () => menu.classList.remove('closed'));
  menu.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    setMenu(menu, false, true);
    toggle?.focus();
  });
}
document.addEventListener('click', (event) => {
  for (const menu of menus) if (!menu.contains(event.target as Node)) setMenu(menu, false);
});
document.addEventListener('focusin', (event) => {
  for (const menu of menus) if (menu.classList.contains('open') && !menu.contains(event.target as Node)) setMenu(menu, false);
});

// Mobile menu: a native <details>. Opening locks the page behind it and moves focus in; Escape, a link or
// growing past the breakpoint closes it.
const mobile = document.querySelector<HTMLDetailsElement>('[data-mobile-menu]');
if (mobile) {
  const summary = mobile.querySelector('summary')!;
  const close = (returnFocus: boolean) => {
    mobile.open = false;
    if (returnFocus) summary.focus();
  };
  mobile.addEventListener('toggle', () => {
    document.body.classList.toggle('menu-open', mobile.open);
    summary.setAttribute('aria-expanded', String(mobile.open));
    if (mobile.open) mobile.querySelector<HTMLAnchorElement>('.nav-mobile-panel a')?.focus();
  });
  summary.setAttribute('aria-expanded', 'false');
  // Escape wherever focus is (after a tap on the page it is on the body, not in the menu).
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && mobile.open) close(mobile.contains(document.activeElement) || document.activeElement === document.body);
  });
  mobile.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) close(false);
  });
  // Like the dropdowns: a click outside, or focus moving out (Tab past the last item), closes it, so the
  // menu never stays open over the page that focus has moved to.
  document.addEventListener('click', (event) => {
    if (mobile.open && !mobile.contains(event.target as Node)) close(false);
  });
  document.addEventListener('focusin', (event) => {
    if (mobile.open && !mobile.contains(event.target as Node)) close(false);
  });
  matchMedia('(min-width: 768px)').addEventListener('change', (event) => {
    if (event.matches) close(false);
  });
}

// The not-found page (the host sends it for any unknown address): the address is logged, and at a post's address
// (/blog/{slug}, one segment) the page says the post does not exist and links back to the blog. Deeper addresses
// under /blog/ (/blog/category/nope) are no post's, and keep the site's own words.
const notFound = document.querySelector<HTMLElement>('[data-not-found]');
if (notFound) {
  console.warn(`Page not found: ${location.pathname}`);
  const { blogHeading, blogText } = notFound.dataset;
  const blogLink = notFound.querySelector<HTMLElement>('[data-not-found-blog-link]');
  if (/^\/blog\/[^/]+\/?$/.test(location.pathname) && blogHeading && blogText && blogLink) {
    notFound.querySelector('h1')!.textContent = blogHeading;
    notFound.querySelector('h1 + .lead')!.textContent = blogText;
    notFound.querySelector<HTMLElement>('[data-not-found-link]')!.hidden = true;
    blogLink.hidden = false;
  }
  // An address with capitals (/ArAbIc): a link to it in small letters, where the host has a page there.
  const lowercase = notFound.querySelector<HTMLElement>('[data-not-found-lowercase]');
  const address = inSmallLetters(location.pathname);
  const ready = () => notFound.setAttribute('data-not-found-ready', '');
  if (lowercase && address) {
    fetch(address, { method: 'HEAD' })
      .then((res) => {
        if (!res.ok) return;
        const link = lowercase.querySelector('a')!;
        link.href = address + location.search;
        link.textContent = address;
        lowercase.hidden = false;
      })
      // No answer (offline): no link, and the page as it was.
      .catch(() => {})
      .finally(ready);
  } else ready();
}

// Order buttons open the order page in a new tab (plain links); the floating one also tells analytics.
document.addEventListener('click', (event) => {
  const link = (event.target as Element).closest<HTMLElement>('[data-analytics-event]');
  if (link) window.dataLayer.push({ event: link.dataset.analyticsEvent! });
});

// Scroll reveal: sections rise into place when 10% of them is visible, their items one after another. Text
// is never faded (see pages.css). Content is in place without this script, and with reduced motion nothing
// moves at all.
const sections = document.querySelectorAll<HTMLElement>('[data-reveal]');
if (sections.length && 'IntersectionObserver' in window && !matchMedia('(prefers-reduced-motion: reduce)').matches) {
  const margin = document.body.dataset.revealMargin ?? '0px';
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add('is-visible');
        observer.unobserve(entry.target);
      }
    },
    { threshold: 0.1, rootMargin: `0px 0px ${margin} 0px` },
  );
  // Where the page was painted before this script ran (a slow connection), what is already on screen stays
  // as it is: lowering it now to raise it again would make it jump. Every box is measured before any style is
  // changed, so the page is laid out once, not once a section.
  const painted = performance.getEntriesByName('first-contentful-paint').length > 0;
  const onScreen = [...sections].map((section) => painted && isOnScreen(section));
  sections.forEach((section, index) => {
    const stagger = Number(section.dataset.revealStagger ?? 100);
    // A custom property, not transition-delay itself, so an item's icon badge can follow it a moment later.
    section.querySelectorAll<HTMLElement>('[data-reveal-item]').forEach((item, i) => item.style.setProperty('--reveal-delay', `${i * stagger}ms`));
    if (onScreen[index]) section.classList.add('is-visible');
    else observer.observe(section);
  });
  document.documentElement.classList.add('reveal-ready');
}

function isOnScreen(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.top < innerHeight && box.bottom > 0;
}

// Copy buttons: copy the text of their target, say Copied for 3 seconds.
const copyTimers = new WeakMap<Element, ReturnType<typeof setTimeout>>();
document.addEventListener('click', (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>('[data-copy-target]');
  if (!button) return;
  const text = document.getElementById(button.dataset.copyTarget!)?.textContent ?? '';
  const label = button.querySelector<HTMLElement>('[data-copy-label]') ?? button;
  // The button's own words are kept from the first click, and each click restarts the 3 seconds: a second
  // click while it says Copied must not take Copied for the words to go back to.
  label.dataset.copyIdle ??= label.textContent ?? '';
  const idle = label.dataset.copyIdle;
  const copied = () => {
    clearTimeout(copyTimers.get(label));
    label.textContent = 'Copied';
    copyTimers.set(label, setTimeout(() => (label.textContent = idle), 3000));
  };
  // Where the clipboard API is refused (no permission, an unfocused document), the older copy command
  // usually still works from a click.
  const fallback = () => {
    const area = Object.assign(document.createElement('textarea'), { value: text });
    area.style.cssText = 'position:fixed;opacity:0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (ok) copied();
    else label.textContent = 'Select and copy the text';
  };
  if (navigator.clipboard?.writeText) navigator.clipboard.writeText(text).then(copied, fallback);
  else fallback();
});

// Chat: the chat service's script loads when the browser is idle, or at once when Start Chat is pressed.
let chat: Promise<void> | undefined;
const loadChat = () => (chat ??= config.chatSrc ? loadScript(config.chatSrc, { crossOrigin: true }) : Promise.reject(new Error('no chat configured')));
document.addEventListener('click', (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>('[data-start-chat]');
  if (!button) return;
  button.setAttribute('aria-busy', 'true');
  loadChat()
    .then(() => {
      const api = window.Tawk_API;
      if (api?.maximize) api.maximize();
      else if (api) api.onLoad = () => api.maximize?.();
    })
    .catch(() => {
      const note = button.parentElement?.querySelector<HTMLElement>('[data-chat-unavailable]');
      if (note) note.hidden = false;
    })
    .finally(() => button.removeAttribute('aria-busy'));
});

// Analytics: the tag manager loads when the browser is idle; events pushed before then are kept.
whenIdle(() => {
  if (config.analyticsId) {
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    loadScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(config.analyticsId)}`).catch(() => {});
  }
  // The chat is preloaded only where there is a Start Chat button; elsewhere it loads when asked for.
  if (config.chatSrc && document.querySelector('[data-start-chat]')) {
    window.Tawk_API = window.Tawk_API ?? {};
    loadChat().catch(() => {});
  }
});
