// Below 800 px admin.css puts the entry's preview under the whole form, so on a phone it is thousands of pixels
// down (the home page's form is about 19,000 px long at 375 px) and staff could not see what a change looked like
// without scrolling past every field, nor find their field again after. A "Preview" button floats at the foot,
// between "Insert a fact" and Decap's preview buttons: it brings the preview's top to the top of the box that
// scrolls the form, and then reads "Back to the form", which puts the form back where it was and gives the field
// staff were editing its focus again. From 800 px the preview is beside the form, and admin.css hides the button.

import { editedField } from './decap-notices.ts';

const buttonId = 'site-preview-jump';
/** On the page while the preview fills the box that scrolls the form, for admin.css ("Insert a fact" steps aside). */
const previewingAttribute = 'data-site-previewing';

/** The box that scrolls the form and, under it, the preview; and the preview's pane. Only on an entry's editor. */
function panes(): { scroller: HTMLElement; preview: HTMLElement } | undefined {
  const preview = document.querySelector<HTMLElement>('.SplitPane.vertical > .Pane2');
  const scroller = preview?.parentElement;
  return preview && scroller ? { scroller, preview } : undefined;
}

/** Whether the preview is what the box shows: its top at or above the middle of the box. */
function previewing(scroller: HTMLElement, preview: HTMLElement): boolean {
  const box = scroller.getBoundingClientRect();
  return preview.getBoundingClientRect().top <= box.top + box.height / 2;
}

export function addPreviewJump(): void {
  const button = document.createElement('button');
  button.type = 'button';
  button.id = buttonId;
  // Where the form was and the field last typed in, when Preview was pressed.
  let back: { top: number; field?: HTMLElement } | undefined;

  const show = () => {
    const found = panes();
    const inPreview = !!found && previewing(found.scroller, found.preview);
    const words = inPreview ? 'Back to the form' : 'Preview';
    if (button.textContent !== words) button.textContent = words;
    document.documentElement.toggleAttribute(previewingAttribute, inPreview && matchMedia('(max-width: 799px)').matches);
  };
  button.addEventListener('click', () => {
    const found = panes();
    if (!found) return;
    const { scroller, preview } = found;
    if (!previewing(scroller, preview)) {
      back = { top: scroller.scrollTop, field: editedField() };
      scroller.scrollTop += preview.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    } else {
      const to = back;
      back = undefined;
      scroller.scrollTop = to?.top ?? 0;
      // Its focus back without scrolling: the form is already where it was, with the field where staff left it.
      if (to?.field?.isConnected) to.field.focus({ preventScroll: true });
    }
    show();
  });

  let watched: HTMLElement | undefined;
  let queued = false;
  const place = () => {
    queued = false;
    const found = panes();
    if (found && !button.isConnected) document.body.append(button);
    if (!found) {
      button.remove();
      document.documentElement.removeAttribute(previewingAttribute);
    }
    // The words follow the box's scrolling, whether by the button or by hand.
    if (found && found.scroller !== watched) {
      watched?.removeEventListener('scroll', show);
      watched = found.scroller;
      watched.addEventListener('scroll', show, { passive: true });
    }
    show();
  };
  // Decap draws the preview with the entry and takes it away with its "Toggle preview" button.
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(place);
  }).observe(document.body, { childList: true, subtree: true });
  window.addEventListener('resize', show);
  place();
}
