// Decap's notices ("Oops, you've missed a required field", "Entry saved", a refused save): react-toastify's, in
// the ToastContainer of decap-cms-core's Notifications.tsx. Closing one as staff would, showing the newest only, and
// on a phone giving them room of their own under the toolbar.

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
          if (matchMedia('(max-width: 799px)').matches) keepMarkedFieldsOnScreen();
        }
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}

/**
 * Below 800 px admin.css shows the notices just under the toolbar (its foot, which wraps onto as many rows as it
 * needs, in --site-toolbar-bottom), and moves the form down by the notices' height (--site-notice-height) while one
 * shows, so that a notice lies over no field. Laid over the form, "missed a required field" hid its top strip (or,
 * at the screen's foot, its lowest fields, where the field just typed in often is) for eight seconds, and what it
 * hid at the top could not be scrolled out from under it. Room for it is simpler than choosing, from the fields
 * Decap marked, which part of the form it may hide, and nothing is hidden.
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

/** The nearest box round `el` that scrolls and has more than it shows: the form's, where Decap draws the fields. */
export function scrollerOf(el: Element): HTMLElement | null {
  let scroller = el.parentElement;
  while (scroller && !(/auto|scroll/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement;
  return scroller;
}

/**
 * The form moved down to make room for a notice pushes its lowest lines under the screen's foot, where the field just
 * emptied often is: the one Decap marked ("X is required.") and the notice is about. A marked field whose top is on
 * the screen and whose input went under the foot (or the buttons floating there) is scrolled up until it is whole,
 * but not past its own top.
 */
function keepMarkedFieldsOnScreen(): void {
  const marked = [...document.querySelectorAll<HTMLLabelElement>('label[for*="-field-"]')].filter((label) => label.nextElementSibling?.matches('ul') && label.nextElementSibling.querySelector('li'));
  for (const label of marked) {
    const input = document.getElementById(label.htmlFor);
    const scroller = scrollerOf(label);
    if (!input || !scroller) continue;
    const box = scroller.getBoundingClientRect();
    // Above the buttons that float at the foot ("Insert a fact", the preview's), in the 72 px admin.css keeps for them.
    const bottom = Math.min(box.bottom, innerHeight) - 72;
    const start = label.getBoundingClientRect().top;
    const end = input.getBoundingClientRect().bottom;
    if (start >= box.top && start < bottom && end > bottom) scroller.scrollTop += Math.min(end - bottom, start - box.top - 8);
  }
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
