// A refused save, shown where staff look and for as long as it matters. Decap shows the refusal ("Not saved:
// content/plans.json:7:16 /plans/0/price ...", from the local backend or from checks.ts) in a notice that goes
// after ten seconds and marks no field. This keeps each problem beside its field, in plain words (the field's
// label, what is wrong, what it should hold), with the file, line and field path as a detail, until the next
// save that goes through or the next entry opened; Decap's notice of it is closed as soon as the panel shows it.
// Once staff change a refused field, what was said of it may no longer be true: its message and outline go, and
// its problem in the panel says it was changed and is checked again at the next Publish.
// In the panel, a problem whose field is on the form is a button to that field, so that staff with several
// problems need not scroll the form to find each.

import { closeNotice, formPane, scrollerOf } from './decap-notices.ts';
import { foldedFoot, foldsAround } from './control-names.ts';

export interface Problem {
  file: string;
  line?: number;
  column?: number;
  pointer: string;
  text: string;
}

/** The problems in a refusal: each begins with the file it is in ("content/..."), then the field's path. */
export function parseRefusal(message: string): Problem[] {
  const body = message.replace(/^.*?Not (?:saved|deleted|uploaded): /s, '');
  const out: Problem[] = [];
  const pattern = /(content\/[^\s:]+)(?::(\d+):(\d+))? (\/\S*) ([\s\S]*?)(?= content\/[^\s:]+(?::\d+:\d+)? \/|$)/g;
  for (const m of body.matchAll(pattern)) {
    out.push({ file: m[1], line: m[2] ? Number(m[2]) : undefined, column: m[3] ? Number(m[3]) : undefined, pointer: m[4], text: m[5].trim() });
  }
  return out;
}

/** "/plans/0/price" -> "price": the field's own name, the path's last segment that is not an index. */
function nameOf(pointer: string): string {
  return [...pointer.split('/').filter(Boolean)].reverse().find((s) => !/^\d+$/.test(s)) ?? '';
}

const panelId = 'site-refusal';
// The panel's height, on the document while it is open: admin.css adds it to the room at the form's end, so the
// last field (often the one the panel names) can be scrolled above the panel instead of staying under it.
const heightProperty = '--site-refusal-height';
let panelSize: ResizeObserver | undefined;

/** Stops keeping room for a hidden panel, and takes the room away unless a new panel takes it over. */
let releaseRoom: ((takenOver?: boolean) => void) | undefined;

/**
 * Takes the panel off the screen, and with it the room the form kept for it. Where the form is scrolled into that
 * room (to its very end), the room goes only as the visitor scrolls back up: taken at once, the browser would pull
 * the form down by the panel's height under their eyes, as the scroll it was at no longer exists.
 */
function removePanel(): void {
  panelSize?.disconnect();
  panelSize = undefined;
  // No panel: any room kept for the last one goes as the visitor scrolls up, as it does.
  if (!document.getElementById(panelId)) return;
  const root = document.documentElement.style;
  const kept = () => parseFloat(root.getPropertyValue(heightProperty)) || 0;
  const form = document.querySelector(formPane);
  const scroller = form ? scrollerOf(form) : null;
  // How far the form is scrolled past the end it would have without the room: the room it still needs. Measured
  // while the room is there, before the browser moves the form to fit.
  const needed = () => (scroller ? scroller.scrollTop - (scroller.scrollHeight - scroller.clientHeight - kept()) : 0);
  const start = needed();
  document.getElementById(panelId)?.remove();
  if (start <= 0 || !scroller) {
    root.removeProperty(heightProperty);
    return;
  }
  root.setProperty(heightProperty, `${Math.ceil(start)}px`);
  const onScroll = () => (needed() > 0 ? root.setProperty(heightProperty, `${Math.ceil(needed())}px`) : releaseRoom?.());
  // Another entry, or another view of the editor, has no use for it.
  const release = () => releaseRoom?.();
  releaseRoom = (takenOver = false) => {
    scroller.removeEventListener('scroll', onScroll);
    removeEventListener('hashchange', release);
    if (!takenOver) root.removeProperty(heightProperty);
    releaseRoom = undefined;
  };
  scroller.addEventListener('scroll', onScroll, { passive: true });
  addEventListener('hashchange', release);
}

/** Takes the refusal off the screen, if its heading matches `heading` (a refused upload once a good one goes in). */
export function clearRefusal(heading: RegExp): void {
  const shown = document.getElementById(panelId)?.querySelector('h2')?.textContent ?? '';
  if (heading.test(shown)) clear();
}

function clear(): void {
  removePanel();
  unchanged = [];
  for (const el of document.querySelectorAll('[data-site-problem]')) el.remove();
  for (const el of document.querySelectorAll<HTMLElement>('[data-site-marked]')) {
    el.style.outline = '';
    delete el.dataset.siteMarked;
  }
}

/** A problem in plain words with its details; given `go`, its words are a button that does it (in the panel). */
function note(problem: Problem, label: string, go?: () => void): HTMLElement {
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.dataset.siteProblem = '';
  box.style.cssText = 'margin:6px 0 12px;padding:10px 12px;border-left:4px solid #c0392b;background:#fdecea;color:#5b1a12;font:14px/1.45 system-ui,sans-serif;border-radius:4px';
  const words = document.createElement('p');
  words.style.margin = '0';
  // The words themselves, apart from what the line may later be given before them (changed).
  const said = document.createElement('span');
  said.dataset.siteWords = '';
  if (go) {
    // The whole line, as in an error summary: a big target, and a name that is what it says, from the field's
    // label on. Only the label is underlined, so the line reads as the note beside the field does.
    const button = document.createElement('button');
    button.type = 'button';
    button.style.cssText = 'display:block;width:100%;margin:0;padding:0;border:0;background:none;color:inherit;font:inherit;text-align:left;cursor:pointer';
    const name = document.createElement('span');
    name.style.cssText = 'text-decoration:underline;text-underline-offset:2px';
    name.textContent = label;
    said.append(name, `: ${plain(problem.text)}`);
    button.append(said);
    button.addEventListener('click', go);
    words.append(button);
  } else {
    said.textContent = `${label}: ${plain(problem.text)}`;
    words.append(said);
  }
  const detail = document.createElement('details');
  detail.style.marginTop = '4px';
  const summary = document.createElement('summary');
  summary.textContent = 'Details';
  summary.style.cursor = 'pointer';
  const where = document.createElement('code');
  where.textContent = `${problem.file}${problem.line ? `:${problem.line}:${problem.column}` : ''} ${problem.pointer}`;
  detail.append(summary, where);
  box.append(words, detail);
  return box;
}

/**
 * The part of a field that staff edit in, for a widget with nothing under its label's id: Decap's Markdown editor
 * (a Slate editor, "Rich Text" or "Markdown", with its toolbar) gives the label a `for` that names no element. It
 * is the field's child holding the editable area, the field being the label's nearest ancestor that holds one;
 * found by what the widget edits in, not by Decap's generated classes. None when that ancestor holds another
 * field's label too (the editable area is another field's): the problem is then in the panel only.
 * For the Markdown widget it is Decap's <div> round the editor (class cms-editor-visual or cms-editor-raw: the
 * one MarkdownControl renders for each mode, at the same place), which React keeps when the Rich Text / Markdown
 * switch is used (only its class and what is inside change), so the outline stays on the editor through a switch
 * without being put back; test/e2e/editor-form.test.ts checks that.
 */
function editingArea(label: HTMLLabelElement): HTMLElement | null {
  for (let field = label.parentElement; field; field = field.parentElement) {
    const editable = field.querySelector<HTMLElement>('textarea, [contenteditable="true"]');
    if (!editable) continue;
    if (field.querySelectorAll('label[for*="-field-"]').length > 1) return null;
    let area = editable;
    while (area.parentElement !== field) area = area.parentElement!;
    return area;
  }
  return null;
}

/** The build's sentence without its JSON quoting: `"44.95" does not have the expected form` -> `44.95 does not ...`. */
function plain(text: string): string {
  return text.replace(/^"((?:[^"\\]|\\.)*)" /, (_m, value: string) => `“${value}” `);
}

/**
 * Shows each problem beside its field (when the form has it open), and all of them in a panel. A refusal that
 * names no field (the file changed since it was opened, an upload refused) is shown in the panel in its own words.
 */
export function showRefusal(message: string): void {
  const problems = parseRefusal(message);
  const whole = message.replace(/^.*?Not (?:saved|deleted|uploaded): /s, '').trim();
  if (!problems.length && !whole) return;
  clear();
  // The new panel's room replaces any kept for the last (set as it is measured), without the form moving between.
  releaseRoom?.(true);
  const panel = document.createElement('section');
  panel.id = panelId;
  panel.setAttribute('aria-label', /^Not uploaded: /.test(message) ? 'Why this was not uploaded' : 'Why this was not saved');
  panel.style.cssText = 'position:fixed;z-index:500;left:50%;transform:translateX(-50%);bottom:16px;max-width:760px;width:calc(100% - 32px);max-height:40vh;overflow:auto;background:#fff;border:1px solid #c0392b;border-radius:6px;box-shadow:0 4px 16px rgba(0,0,0,.2);padding:12px 16px';
  const heading = document.createElement('h2');
  heading.textContent = /Not deleted/.test(message) ? (problems.length ? 'Not deleted: fix these first' : 'Not deleted') : /^Not uploaded: /.test(message) ? 'Not uploaded' : problems.length ? 'Not saved: fix these, then publish again' : 'Not saved';
  heading.style.cssText = 'margin:0 0 8px;font:600 16px system-ui,sans-serif;color:#5b1a12';
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Hide';
  close.style.cssText = 'float:right;font:14px system-ui,sans-serif';
  close.addEventListener('click', removePanel);
  // An alert, so that a screen reader says the entry was not saved, not only what is wrong with its fields:
  // Decap's notice, which said so, is closed as soon as the panel shows (closeNotices).
  const title = document.createElement('div');
  title.setAttribute('role', 'alert');
  title.append(heading);
  panel.append(close, title);
  // The first field the panel names, with its message, brought into view once the panel is up (or the bar of the
  // folded item that hides it).
  let first: { note: HTMLElement; field: HTMLElement; lead?: HTMLElement } | undefined;
  if (!problems.length) {
    const lead = document.createElement('p');
    lead.setAttribute('role', 'alert');
    lead.style.cssText = 'margin:0;font:14px/1.45 system-ui,sans-serif;color:#5b1a12';
    lead.textContent = whole;
    panel.append(lead);
  } else if (/Not deleted: /.test(message)) {
    const lead = document.createElement('p');
    lead.style.cssText = 'margin:0 0 8px;font:14px system-ui,sans-serif';
    lead.textContent = message.replace(/^.*?Not deleted: /s, '').split(/ content\/\S+:\d+:\d+ /)[0];
    panel.append(lead);
  }
  // A refused deletion's problems are all in the files that still refer to the deleted one: a path such as
  // /related/0 names their field, not the open entry's field of the same path.
  const elsewhere = /Not deleted: /.test(message);
  for (const problem of problems) {
    const labelEl = elsewhere ? undefined : labelOf(problem);
    // A problem in another file (a deletion others refer to) is named by that file.
    const label = labelEl?.textContent?.replace(/\s*\(optional\)\s*$/i, '').trim() || `${problem.file}, ${nameOf(problem.pointer) || 'the file'}`;
    const control = labelEl ? controlOf(labelEl) : null;
    const line = note(problem, label, control ? () => goTo(problem, panel) : undefined);
    panel.append(line);
    if (control) {
      unchanged.push({ problem, line });
      control.dataset.siteMarked = '';
      control.style.outline = '2px solid #c0392b';
      const top = labelPart(labelEl!, control);
      const beside = note(problem, label);
      // Close above the label, so that it reads as this field's and not the one before's.
      beside.style.marginBottom = '6px';
      top.before(beside);
      first ??= inFold(control) ?? { note: beside, field: top.parentElement! };
    }
  }
  // Each problem with no field on the form can only be put right elsewhere, so it stays as it is.
  fieldless = problems.length - unchanged.length;
  document.body.append(panel);
  // Its height changes with the details opened, the window resized (it is at most 40% of the screen's height).
  panelSize = new ResizeObserver(([entry]) => {
    document.documentElement.style.setProperty(heightProperty, `${Math.ceil(entry.borderBoxSize[0].blockSize)}px`);
    // Once, when the form has its room for the panel (the last field can only be scrolled above it then).
    if (first) {
      const { note, field, lead } = first;
      if (panel.isConnected) bringIntoView(note, field, panel, lead);
    }
    first = undefined;
  });
  panelSize.observe(panel);
}

/**
 * Where to look for a field hidden in a folded list item or object: the outermost folded one's bar, from its top
 * (the bar, which says a field inside was refused: control-names.ts) to the foot of what shows of it (an item's
 * summary, which says which item; an object's bar, with its label), and the label of the object or list the bar
 * belongs to, which Decap draws as a small tag just above an object's bar (a list's, above the list's own bar) and
 * which says what the bar folds. Decap draws folded fields but hides them, so the field's own box is empty (all at
 * 0) and bringing it into view moved the form a few pixels up, wherever the fold was. None when nothing folded
 * holds `control`.
 */
function inFold(control: HTMLElement): { note: HTMLElement; field: HTMLElement; lead?: HTMLElement } | undefined {
  const bar = foldsAround(control)[0]?.bar;
  return bar && { note: bar, field: foldedFoot(bar), lead: ownerLabel(bar) };
}

/** The label of the object or list widget that `bar` is in (Decap gives the widget the id its label's `for` names). */
function ownerLabel(bar: HTMLElement): HTMLElement | undefined {
  const widget = enclosingWidget(bar);
  return (widget && document.querySelector<HTMLElement>(`label[for="${CSS.escape(widget.id)}"]`)) ?? undefined;
}

/** The nearest widget round `el`: Decap gives each widget's element the id its label's `for` names, "<name>-field-<n>". */
function enclosingWidget(el: Element): HTMLElement | null {
  let up = el.parentElement;
  while (up && !/-field-\d+$/.test(up.id)) up = up.parentElement;
  return up;
}

/**
 * The label of the field a problem names, when the form shows it, found by its path through the form: each
 * object's or list's label among the fields of the one before (the form's own first), each index that list's n-th
 * item. Names recur ("heading" in every section of the home page, "title" in every item of a list), so the field's
 * name alone would find the first of them. Where a step is not on the form (a folded list draws no items), the
 * field's name is looked for within the last field found, and taken only when it is the only one there: no field
 * is better than another field's, and the problem is then in the panel only.
 */
function labelOf(problem: Problem): HTMLLabelElement | undefined {
  const segments = problem.pointer.split('/').filter(Boolean).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (!segments.length) return undefined;
  const fallback = (within: Element) => {
    const named = within.querySelectorAll<HTMLLabelElement>(`label[for^="${CSS.escape(nameOf(problem.pointer))}-field-"]`);
    return named.length === 1 ? named[0] : undefined;
  };
  // Where a step is looked for, and the widget whose fields are there (none: the form's own fields); then where
  // the next one is, inside the field just found (none when it holds no fields).
  let scope: Element = document.body;
  let owner: Element | null = null;
  let inside: { scope: Element; owner: Element } | undefined;
  let label: HTMLLabelElement | undefined;
  for (const [i, segment] of segments.entries()) {
    if (i > 0) {
      if (!inside) return fallback(scope);
      ({ scope, owner } = inside);
    }
    if (/^\d+$/.test(segment)) {
      const item: Element | undefined = i > 0 && scope === owner ? itemOf(scope, Number(segment)) : undefined;
      if (!item) return fallback(scope);
      inside = { scope: item, owner: scope };
      // An item of a list of one field (a keyword) is that field's; an item of objects is named by the list's label.
      const own = fieldLabels(item, scope, '');
      if (own.length === 1) label = own[0];
      continue;
    }
    const found = fieldLabels(scope, owner, segment);
    if (found.length !== 1) return found.length ? undefined : fallback(scope);
    label = found[0];
    const widget = document.getElementById(label.htmlFor);
    inside = widget ? { scope: widget, owner: widget } : undefined;
  }
  return label;
}

/**
 * The labels named `name` (any, given '') of the fields `widget` holds directly, within `scope`: each label's
 * nearest enclosing widget (Decap gives each widget's element the id its label's `for` names, "<name>-field-<n>")
 * is `widget`, or none for the form's own fields. Found by ids and nesting, not by Decap's generated classes.
 */
function fieldLabels(scope: Element, widget: Element | null, name: string): HTMLLabelElement[] {
  const selector = name ? `label[for^="${CSS.escape(name)}-field-"]` : 'label[for*="-field-"]';
  return [...scope.querySelectorAll<HTMLLabelElement>(selector)].filter((label) => enclosingWidget(label) === widget);
}

/**
 * A list widget's n-th item: the widget holds its bar (the item count, "Add") and, when the list is unfolded, the
 * items, one child each, in a child of their own: the one child with fields in it. None when folded.
 */
function itemOf(list: Element, index: number): Element | undefined {
  const holders = [...list.children].filter((child) => child.querySelector('label[for*="-field-"]'));
  return holders.length === 1 ? holders[0].children[index] : undefined;
}

function controlOf(label: HTMLLabelElement): HTMLElement | null {
  return document.getElementById(label.htmlFor) ?? editingArea(label);
}

/**
 * The field's child that holds its label, where the message goes (just before it): in the field's own column, as
 * the label's parent is Decap's row for the label and its short "X is required." (a flex row), where a whole
 * message would squeeze the label to one side. Found by the control it labels, not by Decap's generated classes.
 */
function labelPart(label: HTMLLabelElement, control: HTMLElement): HTMLElement {
  let part: HTMLElement = label;
  while (part.parentElement && !part.parentElement.contains(control)) part = part.parentElement;
  return part;
}

/**
 * A problem in the panel, activated: its field brought into view as the first one is, and the keyboard focus put
 * where staff type in it. Found afresh, not kept from the refusal: Decap draws the form anew (the preview shown or
 * hidden, Rich Text switched to Markdown) without the message beside the field, and then the label leads instead.
 * A field in a folded list item or object is drawn but hidden: each folded item or object round it is unfolded
 * first, by its own fold button as staff would, and the field is gone to once Decap has drawn them open.
 */
function goTo(problem: Problem, panel: HTMLElement, unfolded = false): void {
  const label = labelOf(problem);
  const control = label && controlOf(label);
  if (!label || !control) return;
  const folds = unfolded ? [] : foldsAround(control);
  if (folds.length) {
    for (const { fold } of folds) fold.click();
    requestAnimationFrame(() => goTo(problem, panel, true));
    return;
  }
  const part = labelPart(label, control);
  const beside = part.previousElementSibling;
  const start = beside instanceof HTMLElement && beside.hasAttribute('data-site-problem') ? beside : part;
  // For the Markdown widget the control is the area round its toolbar and editor: the editor takes the typing.
  const typing = control.matches('input, textarea, select, [contenteditable="true"]') ? control : (control.querySelector<HTMLElement>('[contenteditable="true"], textarea') ?? control);
  // Without the browser's own scroll, which would leave the field under the panel or its message off the top.
  typing.focus({ preventScroll: true });
  bringIntoView(start, part.parentElement!, panel);
}

/**
 * Scrolls the form so that a refused field shows between the top of the form's visible area and the panel: whole
 * when it fits, by the least scroll; else (on a phone a long message, its label and input are taller than the room
 * above the panel) with its message's top at the top, so that the message and the label are read from their start.
 * Given `lead` (the label above a folded bar), it shows from there when it fits with the rest, else from `note`,
 * the bar. The visible area's top is the scrolling box's: at every width Decap's toolbar is above it, not over it
 * (below 800 px by admin.css), and cuts off what is scrolled above it. Its foot is the panel's top, or higher where
 * a floating button stands over the field's column just above the panel.
 */
function bringIntoView(note: HTMLElement, field: HTMLElement, panel: HTMLElement, lead?: HTMLElement): void {
  const scroller = scrollerOf(note);
  if (!scroller) return;
  const box = scroller.getBoundingClientRect();
  const top = Math.max(box.top, 0) + 8;
  const bottom = Math.min(box.bottom, innerHeight, panel.getBoundingClientRect().top, ...floatingTops(field)) - 8;
  const end = field.getBoundingClientRect().bottom;
  const leadTop = lead?.getBoundingClientRect().top;
  const start = leadTop !== undefined && end - leadTop <= bottom - top ? leadTop : note.getBoundingClientRect().top;
  if (start >= top && end <= bottom) return;
  scroller.scrollTop += end - start <= bottom - top && start > top ? end - bottom : start - top;
}

/**
 * The tops of the buttons that float at the screen's foot over `field`'s column: "Insert a fact" (placeholders.ts)
 * and, where admin.css fixes them there (below 800 px), Decap's preview and scroll-sync buttons. While the panel is
 * open admin.css lifts them above it, over the form, so a field brought down to the panel's top ended under them
 * (on a phone, its input's foot and its hint). Elsewhere Decap's buttons sit at the preview's top, not the foot.
 */
function floatingTops(field: HTMLElement): number[] {
  const column = field.getBoundingClientRect();
  return [...document.querySelectorAll<HTMLElement>('#site-insert-fact, [class*="-ViewControls"]')]
    .filter((el) => getComputedStyle(el).position === 'fixed')
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.height > 0 && r.left < column.right && r.right > column.left)
    .map((r) => r.top);
}

/** The problems marked beside their fields that staff have not changed since, each with its line in the panel. */
let unchanged: { problem: Problem; line: HTMLElement }[] = [];
/** How many of the refusal's problems name no field on the form. */
let fieldless = 0;

/**
 * A refused field changed (an input event inside it: typed, pasted, emptied, a number stepped, the Markdown
 * editor typed in, whose Slate cancels `input` but not `beforeinput`; or a choice picked or removed, see
 * watchRefusals): its message and outline go, as what they say may no longer be true, and its line in the panel
 * says so in words, which a screen reader reads out as the line is an alert. The field is found afresh by its
 * path (Decap draws the form anew), as goTo does; the event counts when it is in the field's part that holds its
 * control, which for a select is the whole list with its options, not only the input its label names.
 */
function noteChange(event: Event): void {
  const target = event.target;
  if (!unchanged.length || !(target instanceof Node)) return;
  for (const item of [...unchanged]) {
    const field = fieldOf(item);
    if (field?.area.contains(target)) forget(item, field);
  }
}

/** A refused field as the form shows it now, found by its path: its control, and the part round it that takes changes. */
function fieldOf(item: { problem: Problem }): { control: HTMLElement; part: HTMLElement; area: HTMLElement } | undefined {
  const label = labelOf(item.problem);
  const control = label && controlOf(label);
  if (!label || !control) return undefined;
  const part = labelPart(label, control);
  let area = control;
  while (area.parentElement && area.parentElement !== part.parentElement) area = area.parentElement;
  return { control, part, area };
}

/** A refused field changed: its message and outline go, and its line in the panel says so (noteChange). */
function forget(item: { problem: Problem; line: HTMLElement }, { control, part }: { control: HTMLElement; part: HTMLElement }): void {
  unchanged.splice(unchanged.indexOf(item), 1);
  const beside = part.previousElementSibling;
  if (beside?.hasAttribute('data-site-problem')) beside.remove();
  control.style.outline = '';
  delete control.dataset.siteMarked;
  markChanged(item.line);
  const heading = document.getElementById(panelId)?.querySelector('h2');
  if (!unchanged.length && !fieldless && heading && /^Not saved: /.test(heading.textContent ?? '')) {
    heading.textContent = 'Not saved: you have changed every field below. Publish again to check your changes';
  }
}

/**
 * A press in a refused select or relation widget (react-select) that changes the choice it shows: its × (the clear
 * indicator), which empties it on mousedown or touchend, has no name or role, and fires no input event and no click
 * on an option. It is known by what it does, not by react-select's generated classes or the order of its
 * indicators: the widget's text, without its open list and its words for screen readers, before the press and
 * after React has drawn it (a discrete event's update is drawn before the next task). A press that only opens the
 * list changes nothing.
 */
function noteChoiceCleared(event: Event): void {
  const target = event.target;
  if (!unchanged.length || !(target instanceof Node)) return;
  for (const item of [...unchanged]) {
    const field = fieldOf(item);
    if (!field?.area.contains(target) || !field.area.querySelector('[role="combobox"]')) continue;
    const before = shownChoice(field.area);
    setTimeout(() => {
      const now = unchanged.includes(item) ? fieldOf(item) : undefined;
      if (now && shownChoice(now.area) !== before) forget(item, now);
    });
  }
}

/** What a select widget shows as chosen: its text without its open list and its live regions. */
function shownChoice(area: HTMLElement): string {
  const copy = area.cloneNode(true) as HTMLElement;
  for (const el of copy.querySelectorAll('[role="listbox"], [aria-live], [id$="-live-region"]')) el.remove();
  return copy.textContent ?? '';
}

/** A problem's line in the panel, once its field is changed: said first in words, the old problem struck through. */
function markChanged(line: HTMLElement): void {
  const said = line.querySelector<HTMLElement>('[data-site-words]');
  if (!said || line.querySelector('[data-site-changed]')) return;
  const marker = document.createElement('strong');
  marker.dataset.siteChanged = '';
  marker.textContent = 'Changed: Publish checks it again. ';
  said.style.textDecoration = 'line-through';
  said.before(marker);
  // Grey, not red: no longer a problem known to be there (#333 on #f2f2f2 is 11.3:1).
  line.style.borderLeftColor = '#6b6b6b';
  line.style.background = '#f2f2f2';
  line.style.color = '#333';
}

/** A save or deletion that never reached the server, as each browser words a failed fetch. */
const unreachable = /Failed to (?:persist|delete) entry.*(?:Failed to fetch|NetworkError|Load failed|network error)/is;

/**
 * Watches Decap's notices for a refusal, keeps it on screen, and clears it after a save goes through
 * ("Entry saved") or when another entry is opened.
 */
export function watchRefusals(): void {
  const seen = new WeakSet<Node>();
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement) || seen.has(node)) continue;
        const text = node.textContent ?? '';
        if (node.closest(`#${panelId}, [data-site-problem]`)) continue;
        if (/Not (saved|deleted): /.test(text)) {
          seen.add(node);
          showRefusal(text);
          closeNotices(node, /Not (saved|deleted): /);
        } else if (unreachable.test(text)) {
          // The server did not answer: Decap says only "TypeError: Failed to fetch", and only for ten seconds.
          seen.add(node);
          const what = /Failed to delete/i.test(text) ? 'deleted' : 'saved';
          showRefusal(`Not ${what}: The editor could not reach the server, so nothing was written. Check that site serve is still running (or that this computer is online), then ${what === 'saved' ? 'publish' : 'delete'} again. ${what === 'saved' ? 'Your changes are still in the form.' : ''}`);
          closeNotices(node, unreachable);
        } else if (/Entry saved|Entry published|Entry deleted/i.test(text)) clear();
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
  window.addEventListener('hashchange', clear);
  for (const type of ['input', 'change', 'beforeinput']) document.addEventListener(type, noteChange, true);
  // Decap's select and relation widgets (react-select) keep their choice in no input: it is picked or removed by
  // a click on an option or on a choice's Remove, or by a key in the list's combobox, which fire no input event, or
  // emptied by a press on its × (noteChoiceCleared).
  document.addEventListener('click', (event) => (event.target as Element | null)?.closest?.('[role="option"], [aria-label^="Remove "]') && noteChange(event), true);
  document.addEventListener('keydown', (event) => ['Enter', 'Backspace', 'Delete'].includes(event.key) && (event.target as Element | null)?.matches?.('[role="combobox"]') && noteChange(event), true);
  for (const type of ['mousedown', 'touchend']) document.addEventListener(type, noteChoiceCleared, true);
  // Decap shows a refused save or deletion in its notice, then rejects with its failure action, which nothing
  // catches (decap-cms-core: actions/entries.ts persistEntry and deleteEntry return Promise.reject(dispatch(
  // entryPersistFail(...))); components/Editor/Editor.js handlePersistEntry and handleDeleteEntry await them
  // with no catch): each refusal would be an uncaught error on the page. Those two are handled here; any other stays.
  // Before it asks the server, persistEntry (and persistUnpublishedEntry, actions/editorialWorkflow.ts, on the
  // live site) refuses an entry whose fields failed Decap's own check (a required field left empty) with
  // `return Promise.reject()`, no reason at all, after marking each field with its message in a list by its label. That rejection is handled only when it has no
  // reason and the form shows such a list; a rejection with any reason, or with none while no field is marked, stays.
  window.addEventListener('unhandledrejection', (event) => {
    const type = (event.reason as { type?: unknown } | null | undefined)?.type;
    if (type === 'ENTRY_PERSIST_FAILURE' || type === 'ENTRY_DELETE_FAILURE') event.preventDefault();
    else if (event.reason === undefined && fieldsMarkedByDecap()) event.preventDefault();
  });
}

/**
 * Closes Decap's notices (in or round `node`) whose text matches `shown`: the refusal the panel now shows, so that
 * staff do not read it twice, once in Decap's rawer words. Screen readers lose nothing: react-toastify takes the
 * notice's role=alert away as it closes (Toast.tsx), most likely before it is read, and the panel's heading, its
 * message and each problem are alerts of their own.
 */
function closeNotices(node: HTMLElement, shown: RegExp): void {
  const own = node.closest<HTMLElement>('.Toastify__toast');
  const notices = own ? [own] : [...node.querySelectorAll<HTMLElement>('.Toastify__toast')];
  for (const notice of notices) if (shown.test(notice.textContent ?? '')) closeNotice(notice);
}

/** Decap's messages on fields that failed its check: a list right after the field's label (EditorControl.js). */
function fieldsMarkedByDecap(): boolean {
  return document.querySelector('label[for*="-field-"] + ul > li') !== null;
}
