// While an entry is being saved the form takes no typing. Decap saves the entry as it was when Publish was pressed,
// and once the save is through, for an entry saved for the first time (its address moves from .../new to the
// entry's own), it loads the saved entry afresh and draws the form from it: whatever is typed in the meantime
// would show in the field and then be silently replaced by what was saved. The form is made inert from the
// moment the save starts until Decap has drawn it again, with a short status saying so (announced to screen
// readers), so that nothing is taken in only to be dropped. A refused save gives the form back as it was, with
// what staff typed in it; the refusal panel (notices.ts) says why.

import { formPane } from './decap-notices.ts';

declare const CMS: {
  registerEventListener(listener: { name: 'preSave'; handler: () => void }): void;
};

const statusId = 'site-publishing';
const saving = 'Publishing… the form is back in a moment.';
// Decap's English for a save's outcome (decap-cms-locales' en: ui.toast.entrySaved, entryPublished, onFailToPersist).
const saved = /Entry saved|Entry published/;
const failed = /Failed to persist entry/;
// Should Decap never say how the save ended, the form comes back regardless: staff must never be left with a form
// that takes nothing.
const backstopMs = 60_000;

/** The parts of the editor staff type into: the form's pane and the button that inserts a fact into it. */
const typingParts = () => [...document.querySelectorAll<HTMLElement>(`${formPane}, #site-insert-fact`)];

let busy: { from: string; focus: HTMLElement | undefined; outcome?: 'saved' | 'failed'; backstop: number } | undefined;

/** The live region, on the page from the start: a screen reader says what is put in it, not always a region added with its text. */
function statusRegion(): HTMLElement {
  let region = document.getElementById(statusId);
  if (!region) {
    region = document.createElement('div');
    region.id = statusId;
    region.setAttribute('role', 'status');
    document.body.append(region);
  }
  return region;
}

function start(): void {
  if (busy) return;
  const parts = typingParts();
  // Whatever in the form has the keyboard focus as the save starts loses it to the inert form, and gets it back after.
  const active = document.activeElement;
  const focus = active instanceof HTMLElement && parts.some((part) => part.contains(active)) ? active : undefined;
  busy = { from: location.hash, focus, backstop: window.setTimeout(finish, backstopMs) };
  for (const part of parts) part.inert = true;
  document.documentElement.dataset.sitePublishing = '';
  statusRegion().textContent = saving;
}

function finish(): void {
  if (!busy) return;
  const { focus, backstop } = busy;
  busy = undefined;
  clearTimeout(backstop);
  // Decap may have drawn the form anew: every pane made inert, and any it has put in their place, is freed.
  for (const part of document.querySelectorAll<HTMLElement>('[inert]')) if (part.matches(`${formPane}, #site-insert-fact`)) part.inert = false;
  delete document.documentElement.dataset.sitePublishing;
  statusRegion().textContent = '';
  // Unless staff have put the focus elsewhere meanwhile.
  const active = document.activeElement;
  if (focus?.isConnected && (!active || active === document.body)) focus.focus({ preventScroll: true });
}

/** Whether Decap will draw the form again from the saved entry: an entry saved for the first time moves to its own address. */
const reloads = (from: string) => /^#\/collections\/[^/]+\/new$/.test(from);

export function holdFormWhilePublishing(): void {
  statusRegion();
  // Registered before the site's own check (checks.ts), which stops a save by throwing: this one has then run.
  CMS.registerEventListener({ name: 'preSave', handler: start });
  new MutationObserver((records) => {
    if (!busy) return;
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement) || !node.closest('.Toastify__toast-container')) continue;
        const text = node.textContent ?? '';
        if (failed.test(text)) busy.outcome = 'failed';
        else if (saved.test(text)) busy.outcome = 'saved';
      }
    }
    // A form being drawn anew while busy (Decap's loading of the saved entry) is made inert too.
    for (const part of typingParts()) part.inert = true;
    if (busy.outcome === 'failed' || (busy.outcome === 'saved' && !reloads(busy.from))) finish();
  }).observe(document.body, { childList: true, subtree: true });
  // The entry saved for the first time is shown at its own address once Decap has loaded it afresh.
  window.addEventListener('hashchange', () => {
    if (busy?.outcome === 'saved' && location.hash !== busy.from) requestAnimationFrame(() => requestAnimationFrame(finish));
  });
}
