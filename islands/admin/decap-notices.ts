// Decap's notices ("Oops, you've missed a required field", "Entry saved", a refused save): react-toastify's, in
// the ToastContainer of decap-cms-core's Notifications.tsx. Closing one as staff would, and showing the newest only.

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
        }
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}
