// Decap's notices ("Oops, you've missed a required field", "Entry saved", a refused save): react-toastify's, in
// the ToastContainer of decap-cms-core's Notifications.tsx. Closing one as staff would, showing the newest only, and
// on a phone laying them over the form where they hide neither the field being edited nor the toolbar.

/**
 * Closes one of Decap's notices as if staff pressed its close button, by pressing it: Decap's `toast` is inside
 * decap-cms.js and not on window.CMS (only the registry and init are), and editor.js importing react-toastify
 * would get a copy of its own, whose toast.dismiss reaches no container. The button calls react-toastify's
 * closeToast for its notice (CloseButton.tsx): the notice plays its closing animation and is then removed, and
 * Decap's Notifications.tsx hears the removal (toast.onChange) and drops it from its state. One already closing
 * (react-toastify's data-in="false") is left to go.
 */
export function closeNotice(notice: HTMLElement): void {
  if (notice.dataset.in === 'false') return;
  notice.querySelector<HTMLButtonElement>('.Toastify__close-button')?.click();
}

/**
 * Only the newest notice shows (admin.css hides the ones before it): Decap gives react-toastify no limit, so
 * Publish pressed twice stacked two. Those before it are closed as a newer one comes, not only hidden: a hidden
 * one showed again when it outlived the newer one (the newer closed by hand, or gone sooner, as "Entry saved"
 * goes after four seconds and "missed a required field" after eight), saying what was no longer so.
 */
export function showNewestNoticeOnly(): void {
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        const added = node.matches('.Toastify__toast') ? [node] : [...node.querySelectorAll<HTMLElement>('.Toastify__toast')];
        for (const notice of added) {
          for (let before = notice.previousElementSibling; before; before = before.previousElementSibling) {
            if (before instanceof HTMLElement && before.matches('.Toastify__toast')) closeNotice(before);
          }
          placeNotices(notice.parentElement);
          chooseSide(notice.parentElement);
        }
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}

/**
 * Below 800 px admin.css shows the notices over the form, just under the toolbar (its foot, which wraps onto as many
 * rows as it needs, in --site-toolbar-bottom) or at the screen's foot above the buttons that float there; their
 * height is in --site-notice-height.
 */
function placeNotices(container: HTMLElement | null): void {
  if (!container?.isConnected) return;
  const toolbar = document.querySelector('[class*="-ToolbarContainer"]');
  const watch = [container, toolbar].filter((el) => el !== null);
  if (watch.some((el, i) => el !== watched[i])) {
    sizes.disconnect();
    for (const el of watch) sizes.observe(el);
    watched = watch;
  }
  measure();
}

/*
 * Where a notice goes is measured as it is put in the page (in a mutation observer's callback, which runs before the
 * page is next painted) and again whenever the toolbar or the notices' box changes size (a ResizeObserver's
 * callback also runs before the paint), so a notice is shown in its place from its first frame and follows the
 * toolbar. It was measured at once and again in the next animation frame, and then chosen (under the toolbar or
 * at the foot) from the fields Decap had marked by that time: where Decap drew its messages after the notice had
 * been painted, the notice could show for a frame under the toolbar and then jump. Its place no longer depends on
 * what Decap draws, only on these two sizes.
 */
const sizes = new ResizeObserver(() => measure());
let watched: Element[] = [];

function measure(): void {
  const [container, toolbar] = watched;
  const root = document.documentElement.style;
  if (toolbar?.isConnected) root.setProperty('--site-toolbar-bottom', `${Math.ceil(toolbar.getBoundingClientRect().bottom)}px`);
  if (container?.isConnected) root.setProperty('--site-notice-height', `${Math.ceil(container.getBoundingClientRect().height)}px`);
}

/** Decap's pane holding an entry's form (its preview pane's class also holds "ControlPaneContainer"). */
export const formPane = '[class*="-ControlPaneContainer"]:not([class*="-PreviewPaneContainer"])';

/** The nearest box round `el` that scrolls and has more than it shows: the form's, where Decap draws the fields. */
export function scrollerOf(el: Element): HTMLElement | null {
  let scroller = el.parentElement;
  while (scroller && !(/auto|scroll/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement;
  return scroller;
}

/**
 * The field last typed in on the form (its input, text area or rich-text box): a notice must not hide it, and
 * "Back to the form" gives it its focus again (preview-jump.ts).
 */
let editing: HTMLElement | undefined;
document.addEventListener('focusin', (e) => {
  const target = e.target;
  if (target instanceof HTMLElement && target.closest('[class*="-ControlPaneContainer"]') && target.matches('input, textarea, select, [contenteditable="true"]')) editing = target;
});
export const editedField = (): HTMLElement | undefined => (editing?.isConnected ? editing : undefined);

/**
 * Below 800 px, where a notice goes: under the toolbar, unless there it would hide more of the field last typed in
 * (its label, Decap's message, its input and hint) than at the foot. The form once moved down by the notice's height
 * while one showed, so that it lay over no field, and back when it went: the field under a finger (and the one just
 * emptied) jumped twice, for a notice that comes after every Publish. Laid over the form instead, it may hide other
 * fields for its few seconds, never the one being edited, and nothing moves. Chosen once as each notice comes (in the
 * mutation observer's callback, before the page is painted), so a notice never moves while it shows.
 */
function chooseSide(container: HTMLElement | null): void {
  const root = document.documentElement;
  if (!container?.isConnected || !matchMedia('(max-width: 799px)').matches) {
    delete root.dataset.siteNoticeAt;
    return;
  }
  const edited = editedField();
  const field = edited && (edited.closest<HTMLElement>('[class*="-ControlContainer"]') ?? edited).getBoundingClientRect();
  const height = container.getBoundingClientRect().height;
  const toolbar = document.querySelector('[class*="-ToolbarContainer"]')?.getBoundingClientRect().bottom ?? 0;
  // The two places admin.css gives it: 8 px under the toolbar, or 72 px up (and above a refusal panel).
  const refusal = document.getElementById('site-refusal')?.getBoundingClientRect().height ?? 0;
  const top = { top: toolbar + 8, bottom: toolbar + 8 + height };
  const foot = { top: innerHeight - 72 - refusal - height, bottom: innerHeight - 72 - refusal };
  const hidden = (at: { top: number; bottom: number }) => (field ? Math.max(0, Math.min(at.bottom, field.bottom) - Math.max(at.top, field.top)) : 0);
  root.dataset.siteNoticeAt = hidden(top) > hidden(foot) ? 'foot' : 'top';
}
