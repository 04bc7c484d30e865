// Decap's notices ("Oops, you've missed a required field", "Entry saved", a refused save): react-toastify's, in
// the ToastContainer of decap-cms-core's Notifications.tsx. Closing one as staff would, showing the newest only, and
// on a phone placing them clear of the field Decap marked.

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
          // Decap may draw its messages on the fields after the notice: looked at again once they are drawn.
          requestAnimationFrame(() => placeNotices(notice.parentElement));
        }
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}

const atFoot = 'siteNoticesAtFoot';

/**
 * Below 800 px admin.css shows the notices under the toolbar (its foot, which wraps onto as many rows as it needs,
 * in --site-toolbar-bottom), not at the screen's foot: there, above the floating buttons, "missed a required
 * field" lay for eight seconds over the form's lowest fields, where the field just typed in (put above the phone's
 * keyboard by the browser) often is: the one Decap marked. Where a notice under the toolbar would cover a field
 * Decap marked (its label, message or input), it goes to the foot instead, unless it covers one there too.
 */
function placeNotices(container: HTMLElement | null): void {
  if (!container?.isConnected) return;
  const root = document.documentElement;
  const toolbar = document.querySelector('[class*="-ToolbarContainer"]');
  if (toolbar) root.style.setProperty('--site-toolbar-bottom', `${Math.ceil(toolbar.getBoundingClientRect().bottom)}px`);
  delete root.dataset[atFoot];
  if (!coversMarkedField(container)) return;
  root.dataset[atFoot] = '';
  if (coversMarkedField(container)) delete root.dataset[atFoot];
}

/** Whether the notices' box meets a field Decap marked: its label, its list of messages just after it, or its input. */
function coversMarkedField(container: HTMLElement): boolean {
  const box = container.getBoundingClientRect();
  return [...document.querySelectorAll<HTMLLabelElement>('label[for*="-field-"]')]
    .filter((label) => label.nextElementSibling?.matches('ul') && label.nextElementSibling.querySelector('li'))
    .flatMap((label) => [label, label.nextElementSibling!, document.getElementById(label.htmlFor)])
    .some((el) => {
      const r = el?.getBoundingClientRect();
      return !!r && r.height > 0 && r.bottom > box.top && r.top < box.bottom && r.right > box.left && r.left < box.right;
    });
}
