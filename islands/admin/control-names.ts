// Names for Decap's controls that have none, so staff using a screen reader or speech input can tell them apart:
// a list item's fold, remove and drag buttons (decap-cms-widget-list's ListItemTopBar: icons only), the preview
// pane's frame, the Markdown widget's rich-text box (Slate's role="textbox", which its label's `for` cannot point
// at), its Rich Text / Markdown switch (no name, and no aria-checked until first pressed) and the media library's
// thumbnails. Decap takes no names from its config, so they are set on its elements as it draws them. React leaves
// attributes it does not manage alone, and what it draws anew (a list unfolded, the other Markdown mode, the media
// library opened) is named when it arrives. A folded item's bar, and a folded object's (Decap's object widget has
// a bar with a fold button too, named here by the object's label), also tells (outlined, in words on it and in its
// fold button's name) when a field inside it was refused, since the field's own marks are hidden with it. The
// Markdown toolbar's Headings and Add Component menus are made one button each, not a button inside a button, and
// disabled while Decap disables its toolbar.

/** The bars above list items met so far: named again when anything changes, as an item's summary or fold does. */
const bars = new Set<HTMLElement>();
/** The bars atop object widgets met so far (not a list's, whose fold folds each item and hides none of their bars). */
const objectBars = new Set<HTMLElement>();
/** Switches met so far, whose aria-checked React sets only once they are pressed. */
const switches = new Set<HTMLElement>();
/** Rich-text boxes met so far: their label may be drawn anew without them, and so lose the id they point at. */
const boxes = new Set<HTMLElement>();
/** The Markdown toolbar's menu buttons met so far, whose button inside Decap disables and enables again. */
const menuButtons = new Set<HTMLElement>();
/** Those of them whose pointer and keys are stopped while their button inside is disabled. */
const guardedMenus = new WeakSet<HTMLElement>();

/** The drag handle dnd-kit gives each list item (its attributes are ARIA's, so stable across Decap's releases). */
const handleSelector = '[aria-roledescription="sortable"]';
/** An item's fold and remove buttons, where the list forbids reordering and so draws no handle. */
const barButtonSelector = 'button[class*="-TopBarButton"]';
/** The fold button Decap draws on the bar atop an object widget or a whole list (ObjectWidgetTopBar), by its test id. */
const widgetFoldSelector = 'button[data-testid="expand-button"]';
const switchSelector = '[role="switch"][class*="-ToolbarToggle"]';
/** react-aria-menubutton's Button (a span, role="button"), as Decap's Markdown toolbar puts it round its own. */
const menuButtonSelector = '[class*="-ToolbarDropdownWrapper"] [role="button"][aria-haspopup]';

export function nameDecapControls(): void {
  const added = new Set<Element>();
  let queued = false;
  const run = () => {
    queued = false;
    for (const el of added) if (el.isConnected) nameWithin(el);
    added.clear();
    for (const bar of bars) {
      if (bar.isConnected) nameBar(bar);
      else bars.delete(bar);
    }
    for (const bar of objectBars) {
      if (bar.isConnected) nameObjectBar(bar);
      else objectBars.delete(bar);
    }
    for (const toggle of switches) {
      if (toggle.isConnected) markSwitch(toggle);
      else switches.delete(toggle);
    }
    for (const box of boxes) {
      if (box.isConnected) nameByLabel(box);
      else boxes.delete(box);
    }
    for (const menu of menuButtons) {
      if (menu.isConnected) oneMenuButton(menu);
      else menuButtons.delete(menu);
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) added.add(node);
    }
    // Typing in an item's field rewrites its summary, a fold changes classes, a refused save marks a field or its
    // change unmarks it (notices.ts: data-site-marked, which a folded item's bar tells of), Decap disables or enables
    // its toolbar's buttons, React puts back a menu button's tabindex: once a frame, however many.
    if (!queued) {
      queued = true;
      requestAnimationFrame(run);
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class', 'aria-checked', 'data-site-marked', 'disabled', 'tabindex', 'aria-disabled'] });
  added.add(document.body);
  queued = true;
  requestAnimationFrame(run);
}

/** Names what is new in `root`: the controls it is or holds. */
function nameWithin(root: Element): void {
  const all = (selector: string) => [...(root.matches(selector) ? [root] : []), ...root.querySelectorAll(selector)];
  for (const el of all(`${handleSelector}, ${barButtonSelector}`)) {
    const bar = el.parentElement;
    if (bar && !bars.has(bar)) {
      bars.add(bar);
      nameBar(bar);
    }
  }
  for (const fold of all(widgetFoldSelector)) {
    const bar = fold.parentElement?.parentElement;
    if (bar && !objectBars.has(bar) && isObjectBar(bar)) {
      objectBars.add(bar);
      nameObjectBar(bar);
    }
  }
  for (const frame of all('iframe#preview-pane')) set(frame, 'title', 'Preview of this entry');
  for (const box of all('[data-slate-editor="true"]')) {
    boxes.add(box as HTMLElement);
    nameByLabel(box as HTMLElement);
  }
  for (const toggle of all(switchSelector)) {
    switches.add(toggle as HTMLElement);
    markSwitch(toggle as HTMLElement);
  }
  for (const menu of all(menuButtonSelector)) {
    menuButtons.add(menu as HTMLElement);
    oneMenuButton(menu as HTMLElement);
  }
  // A thumbnail sits above its file name in the card staff pick: the name already says which file, and an alt
  // holding it again would be read twice. The picture is there to be seen, so it is marked as saying nothing more.
  for (const img of all('img[class*="-CardImage"]')) if (!img.hasAttribute('alt')) img.setAttribute('alt', '');
}

/**
 * One item's bar: [fold button], [drag handle or empty span], [remove button or empty span]. Its summary (what
 * the list's `summary` makes of the item, as Decap shows it when folded) is the element after the bar, kept, hidden,
 * while the item is unfolded; whether it shows is whether the item is folded. A folded item's fields are drawn but
 * hidden, so a field a refused save marked there (notices.ts: data-site-marked) showed nothing: while the item is
 * folded its bar says so instead, outlined (admin.css, by data-site-refused-inside), in words on it and in its
 * fold button's name.
 */
function nameBar(bar: HTMLElement): void {
  const summaryEl = bar.nextElementSibling;
  const summary = summaryEl?.textContent?.replace(/\s+/g, ' ').trim() || `item ${indexOf(bar.parentElement)}`;
  const folded = isFolded(bar);
  const refused = folded && bar.parentElement?.querySelector('[data-site-marked]') != null;
  const fold = foldButtonOf(bar);
  markFold(bar, fold, folded, refused, summary);
  if (fold) sayRefused(bar, fold, refused);
  const last = bar.lastElementChild;
  if (last instanceof HTMLButtonElement) set(last, 'aria-label', `Remove ${summary}`);
  // dnd-kit's instructions (Space to pick up, the arrows to move) stay its aria-describedby.
  const handle = bar.querySelector(handleSelector);
  if (handle) set(handle, 'aria-label', `Move ${summary}`);
}

/**
 * An object widget's bar (Decap's ObjectWidgetTopBar): [the fold button and, while folded, the object's label], then
 * nothing (a list's bar has its Add button there). Decap names the fold button "Expand" or "Collapse", which says
 * not what; it is named by the object's label. Folded, the object's fields are drawn but hidden (display: none), so
 * a field a refused save marked there showed nothing, and the refusal brought nothing into view: while it is
 * folded its bar says so, as a folded item's does.
 */
function nameObjectBar(bar: HTMLElement): void {
  const fold = bar.querySelector<HTMLButtonElement>(widgetFoldSelector);
  const body = bar.nextElementSibling;
  if (!fold || !body) return;
  const folded = isFolded(bar);
  const refused = folded && body.querySelector('[data-site-marked]') != null;
  const widget = bar.parentElement;
  const label = widget?.id ? document.querySelector(`label[for="${CSS.escape(widget.id)}"]`) : null;
  const name = label?.textContent?.replace(/\s*\(optional\)\s*$/i, '').trim() || 'object';
  markFold(bar, fold, folded, refused, name);
  // After the fold button's row (the button and the label), as the bar's own child, where admin.css styles them.
  if (fold.parentElement) sayRefused(bar, fold.parentElement, refused);
}

/**
 * Whether a bar is an object's rather than a whole list's: Decap draws both alike, with its fields (an object's) or
 * its items (a list's) next. A list's are each an item with a bar of its own (its fold, drag or remove button), or none
 * when it is empty; an object has at least one field, and no such bars as its children's children.
 */
function isObjectBar(bar: HTMLElement): boolean {
  const body = bar.nextElementSibling;
  return body != null && body.childElementCount > 0 && body.querySelector(`:scope > * > * > :is(${handleSelector}, ${barButtonSelector})`) == null;
}

/**
 * A bar's marks of a refusal inside it and its fold button's name (`name` is what it folds): outlined (admin.css,
 * by data-site-refused-inside) while `refused`, and the name says so.
 */
function markFold(bar: HTMLElement, fold: HTMLButtonElement | null, folded: boolean, refused: boolean, name: string): void {
  if (refused) set(bar, 'data-site-refused-inside', '');
  else bar.removeAttribute('data-site-refused-inside');
  if (!fold) return;
  set(fold, 'aria-label', `${folded ? 'Expand' : 'Collapse'} ${name}${refused ? ' — a field inside was refused' : ''}`);
  set(fold, 'aria-expanded', String(!folded));
}

/**
 * The words on a folded item's or object's bar that a field inside was refused, just after `after` (an item's fold
 * button, or the row holding an object's), while `refused`; none otherwise. The outline alone showed staff that
 * something was wrong, not what. The words are said to a screen reader in one place only, the fold button's name,
 * which it meets first whether tabbing or reading on and which is what opens the item to the field: read again as
 * text beside the button, they would say nothing new, so here they are aria-hidden. Speech input still finds the
 * button by the words seen, as its name holds them. One line in Decap's row, cut short on a narrow item rather than
 * wrapped (admin.css). A person clicks or taps the words, not the small chevron beside them, so they unfold the
 * item as the fold button does: the click is passed to it (and the focus, where a click on the button leaves it),
 * so React's handler and the names follow.
 */
function sayRefused(bar: HTMLElement, after: Element, refused: boolean): void {
  const words = bar.querySelector(':scope > [data-site-refused-words]');
  if (!refused) {
    words?.remove();
    return;
  }
  if (words) return;
  const el = document.createElement('span');
  el.dataset.siteRefusedWords = '';
  el.setAttribute('aria-hidden', 'true');
  el.textContent = 'A field inside was refused';
  el.addEventListener('click', () => {
    // The bar's fold button at the time of the click.
    const button = el.parentElement && barFold(el.parentElement);
    if (!button) return;
    // Without a focus ring, as a click on the button itself leaves it (a script's focus would show one).
    button.focus({ preventScroll: true, focusVisible: false });
    button.click();
  });
  // On an item's bar never last: its first and last children stay its fold and remove buttons. On an object's, last.
  after.after(el);
}

/** Whether a bar's item or object is folded: an item's summary (under its bar) shows, an object's fields are hidden. */
function isFolded(bar: HTMLElement): boolean {
  const next = bar.nextElementSibling;
  if (!next) return false;
  const shown = getComputedStyle(next).display !== 'none';
  return objectBars.has(bar) ? !shown : shown;
}

/** A bar's fold button: an object's, or a list item's. */
function barFold(bar: HTMLElement): HTMLButtonElement | null {
  return objectBars.has(bar) ? bar.querySelector<HTMLButtonElement>(widgetFoldSelector) : foldButtonOf(bar);
}

/**
 * The folded list items and objects that hold `el`, the outermost first, each by its bar and its fold button:
 * pressed in that order, as staff would, they show it. Only those whose bar has a fold button (a list item's bar
 * with one button has only Remove).
 */
export function foldsAround(el: Element): { bar: HTMLElement; fold: HTMLButtonElement }[] {
  const out: { bar: HTMLElement; fold: HTMLButtonElement }[] = [];
  for (let item = el.parentElement; item; item = item.parentElement) {
    const bar = [...item.children].find((child): child is HTMLElement => bars.has(child as HTMLElement) || objectBars.has(child as HTMLElement));
    const fold = bar && barFold(bar);
    if (fold && isFolded(bar)) out.unshift({ bar, fold });
  }
  return out;
}

/**
 * What shows of a folded bar, from its top to the foot of its last part: an item's summary under its bar (which
 * says which item), an object's bar itself (which holds its label while folded).
 */
export function foldedFoot(bar: HTMLElement): HTMLElement {
  const next = bar.nextElementSibling;
  return !objectBars.has(bar) && next instanceof HTMLElement ? next : bar;
}

/** A list item's fold button: the first of its bar's buttons, unless it is the only one (then it is Remove). */
function foldButtonOf(bar: Element): HTMLButtonElement | null {
  const first = bar.firstElementChild;
  return first instanceof HTMLButtonElement && first !== bar.lastElementChild ? first : null;
}

function indexOf(item: Element | null): number {
  return item?.parentElement ? [...item.parentElement.children].indexOf(item) + 1 : 1;
}

/**
 * The switch is on in Markdown mode: Decap's Toggle sets aria-checked from its state, which starts from the widget's
 * `rawMode`, undefined in the rich-text editor, so it has none until pressed. Each mode draws its own switch.
 */
function markSwitch(toggle: HTMLElement): void {
  set(toggle, 'aria-label', 'Markdown mode');
  if (!toggle.hasAttribute('aria-checked')) toggle.setAttribute('aria-checked', 'false');
}

/**
 * The Markdown toolbar's Headings and Add Component menus: Decap wraps its toolbar button (a <button>, named by its
 * title) in react-aria-menubutton's menu button (a <span role="button" tabindex="0" aria-haspopup>), so a button was
 * inside a button. A screen reader met two: the span with no name, then "Headings", which says nothing of a menu;
 * Tab stopped on both. The span is the one that works the menu (its keys open it, Escape or a choice focuses it
 * again, and React keeps its aria-expanded), so it stays the button, named by the inner button's title (as a
 * tooltip too), and the inner button is made inert: out of the Tab order and the accessibility tree. A click on it
 * then lands on the span (admin.css gives it no pointer events).
 *
 * In Markdown mode Decap disables the inner button but not the span (it passes react-aria-menubutton no
 * `disabled`), so Tab still stopped on the span and Enter, Space or ArrowDown opened a menu: Headings' empty, Add
 * Component's full. While the inner button is disabled the span is disabled as a button is: aria-disabled, out of
 * the Tab order, and deaf to the pointer and to the keys that open the menu (guardMenu). React sets the span's
 * tabindex once, when it draws it, and never aria-disabled; were either put back, the observer would see it (both
 * are watched) and set them again.
 */
function oneMenuButton(menu: HTMLElement): void {
  const inner = menu.querySelector(':scope > button');
  if (!(inner instanceof HTMLButtonElement)) return;
  if (inner.title) {
    set(menu, 'aria-label', inner.title);
    set(menu, 'title', inner.title);
  }
  set(inner, 'inert', '');
  if (!guardedMenus.has(menu)) {
    guardedMenus.add(menu);
    guardMenu(menu);
  }
  if (inner.disabled) {
    set(menu, 'aria-disabled', 'true');
    set(menu, 'tabindex', '-1');
  } else {
    menu.removeAttribute('aria-disabled');
    set(menu, 'tabindex', '0');
  }
}

/**
 * Stops what would open `menu` while its inner button is disabled, asked at the moment of the event, so that it
 * holds from the frame Decap disables the button, before the attributes follow. react-aria-menubutton listens
 * through React, whose listeners are on the page's root, so stopped here, on the span, they never hear it. A press
 * does not focus it either, as a disabled button takes no focus (and shows no ring).
 */
function guardMenu(menu: HTMLElement): void {
  const disabled = () => (menu.querySelector(':scope > button') as HTMLButtonElement | null)?.disabled === true;
  const stop = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
  };
  const opening = new Set(['Enter', ' ', 'ArrowDown']);
  menu.addEventListener('mousedown', (event) => disabled() && event.preventDefault(), true);
  menu.addEventListener('click', (event) => disabled() && stop(event), true);
  menu.addEventListener('keydown', (event) => disabled() && opening.has(event.key) && stop(event), true);
}

/** The rich-text box named by its field's label, the nearest field label above it that is the only one there. */
function nameByLabel(box: HTMLElement): void {
  for (let field = box.parentElement; field; field = field.parentElement) {
    const labels = field.querySelectorAll<HTMLLabelElement>('label[for*="-field-"]');
    if (labels.length === 0) continue;
    if (labels.length > 1) return;
    const label = labels[0];
    if (!label.id) label.id = `${label.htmlFor}-label`;
    set(box, 'aria-labelledby', label.id);
    return;
  }
}

/** Sets an attribute only when it differs, so an unchanged name costs no mutation (and no screen reader update). */
function set(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}
