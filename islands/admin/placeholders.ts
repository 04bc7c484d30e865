// Placeholders in the form: under each text field holding one ("{{plans.self-service.price}}"), the words the
// site will show, so staff need not know the names; and a fact picker (the "Insert a fact" button, bottom left)
// that lists every fact with its value and where it shows, and types the chosen one's placeholder into the field
// last used.
import { factValue, type Facts } from './rules.ts';
import { formPane } from './decap-notices.ts';

export interface FactInfo {
  /** What the fact is and where it shows, in words (from content/schemas/facts.schema.json and the others). */
  about: Record<string, string>;
}

const placeholder = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The field's text as the site will show it, or undefined when it has no placeholder. */
export function shownAs(text: string, facts: Facts): string | undefined {
  if (!text.includes('{{')) return undefined;
  return text.replace(placeholder, (whole, name: string) => (name.startsWith('verbatim') ? name.replace(/^verbatim\s*:\s*/, '') : (factValue(facts, name) ?? `${whole} (names no fact)`)));
}

type Field = HTMLInputElement | HTMLTextAreaElement;

function showValue(field: Field, facts: Facts): void {
  const next = field.nextElementSibling as HTMLElement | null;
  const existing = next?.dataset.siteShown !== undefined ? next : null;
  const value = shownAs(field.value, facts);
  if (value === undefined) {
    existing?.remove();
    return;
  }
  const line = existing ?? document.createElement('p');
  line.dataset.siteShown = '';
  line.style.cssText = 'margin:4px 0 0;padding:4px 8px;background:#fff8db;border-radius:4px;font:13px/1.4 system-ui,sans-serif;color:#3d3200';
  // Only a real change touches the page: the watcher below sees every change, and would otherwise run forever.
  const text = `On the site: ${value}`;
  if (line.textContent !== text) line.textContent = text;
  if (!existing) field.after(line);
}

/** Types text over a range of a field Decap (React) controls, so that Decap sees the change. */
function insertInto(field: Field, text: string, [start, end]: [number, number]): void {
  const value = field.value.slice(0, start) + text + field.value.slice(end);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.focus();
  field.setSelectionRange(start + text.length, start + text.length);
}

function picker(facts: Facts, info: FactInfo, target: () => Field | undefined): HTMLElement {
  const dialog = document.createElement('dialog');
  dialog.setAttribute('aria-label', 'Insert a fact');
  dialog.style.cssText = 'width:min(720px,92vw);max-height:80vh;padding:16px;border:1px solid #ccd;border-radius:8px;font:14px/1.45 system-ui,sans-serif';
  const heading = document.createElement('h2');
  heading.textContent = 'Insert a fact';
  heading.style.cssText = 'margin:0 0 4px;font-size:18px';
  const lead = document.createElement('p');
  lead.textContent = 'A fact is written once and shown wherever it is named: change it in Business facts, Plans and prices or Site settings, and every page follows. Choose one to put it in the field you were typing in.';
  lead.style.margin = '0 0 8px';
  const search = document.createElement('input');
  search.type = 'search';
  search.placeholder = 'Search facts: price, hours, phone…';
  search.setAttribute('aria-label', 'Search facts');
  search.style.cssText = 'width:100%;padding:8px;margin-bottom:8px;box-sizing:border-box';
  const list = document.createElement('ul');
  list.style.cssText = 'list-style:none;margin:0;padding:0;max-height:55vh;overflow:auto';
  const names = Object.keys(facts).filter((n) => !/\.(\$schema|baseUrl|integrations|editor)(\.|$)/.test(n) && !/^site\.(baseUrl|integrations|editor)/.test(n));
  const draw = () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    list.replaceChildren(
      ...names
        .filter((n) => words.every((w) => `${n} ${factValue(facts, n) ?? ''} ${info.about[n] ?? ''}`.toLowerCase().includes(w)))
        .slice(0, 200)
        .map((n) => {
          const item = document.createElement('li');
          const button = document.createElement('button');
          button.type = 'button';
          button.style.cssText = 'display:block;width:100%;text-align:left;padding:6px 8px;margin:2px 0;border:1px solid #e3e5ee;border-radius:4px;background:#fff;cursor:pointer';
          const value = document.createElement('strong');
          value.textContent = factValue(facts, n) ?? '';
          const about = document.createElement('span');
          about.textContent = info.about[n] ? ` — ${info.about[n]}` : '';
          const code = document.createElement('code');
          code.textContent = ` {{${n}}}`;
          code.style.cssText = 'color:#666;font-size:12px';
          button.append(value, about, code);
          button.addEventListener('click', () => {
            const field = target();
            // The cursor as it was, read first: closing the dialog gives the field its focus back, and Chromium
            // puts the cursor at the field's start as it does.
            const at: [number, number] | undefined = field && [field.selectionStart ?? field.value.length, field.selectionEnd ?? field.value.length];
            dialog.close();
            if (field && at) insertInto(field, `{{${n}}}`, at);
          });
          item.append(button);
          return item;
        }),
    );
  };
  search.addEventListener('input', draw);
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.style.cssText = 'float:right';
  close.addEventListener('click', () => dialog.close());
  dialog.append(close, heading, lead, search, list);
  dialog.addEventListener('toggle', draw);
  draw();
  return dialog;
}

export function watchPlaceholders(facts: () => Facts, info: () => FactInfo): void {
  let last: Field | undefined;
  const isField = (el: EventTarget | null): el is Field => (el instanceof HTMLInputElement && (el.type === 'text' || el.type === 'search') && !el.closest('dialog')) || (el instanceof HTMLTextAreaElement && !el.closest('dialog'));
  document.addEventListener('focusin', (e) => {
    if (isField(e.target)) last = e.target;
  });
  document.addEventListener('input', (e) => {
    if (isField(e.target)) showValue(e.target, facts());
  });
  // Fields drawn by Decap (an entry opened, a list item expanded) show their values as they appear, and the
  // button below comes with the form's fields and goes with them.
  let queued = false;
  new MutationObserver((records) => {
    // The lines this file adds are no reason to look again.
    if (queued || records.every((r) => [...r.addedNodes, ...r.removedNodes].every((n) => n instanceof HTMLElement && n.dataset.siteShown !== undefined) && r.addedNodes.length + r.removedNodes.length > 0)) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      place();
      for (const field of document.querySelectorAll<Field>('input[type="text"], textarea')) if (isField(field) && field.value.includes('{{')) showValue(field, facts());
    });
  }).observe(document.body, { childList: true, subtree: true });

  const open = document.createElement('button');
  open.type = 'button';
  // Named for admin.css, which lifts it above a refused save's panel.
  open.id = 'site-insert-fact';
  open.textContent = 'Insert a fact';
  open.title = 'Put a price, a time or another business fact into the field you were typing in';
  open.style.cssText = 'position:fixed;left:16px;bottom:16px;z-index:400;padding:8px 14px;border-radius:6px;border:0;background:#1f5f8b;color:#fff;font:600 14px system-ui,sans-serif;box-shadow:0 2px 8px rgba(0,0,0,.2);cursor:pointer';
  let dialog: HTMLDialogElement | undefined;
  open.addEventListener('mousedown', (e) => e.preventDefault());
  open.addEventListener('click', () => {
    dialog ??= document.body.appendChild(picker(facts(), info(), () => last) as HTMLDialogElement);
    dialog.showModal();
  });
  const place = () => {
    // Only over an entry's form with a field to type into: not on the list, nor while the entry loads, nor on the
    // page Decap shows for an entry it could not load, where the address is an entry's but there is no form.
    const form = /^#\/collections\/[^/]+\/(entries\/|new)/.test(location.hash) ? document.querySelector(formPane) : null;
    const typable = !!form && [...form.querySelectorAll('input, textarea')].some(isField);
    if (typable && !open.isConnected) document.body.append(open);
    if (!typable) open.remove();
  };
  window.addEventListener('hashchange', place);
  place();
}
