// Toasts: short notices in the corner, announced to screen readers, gone after 5 seconds. Plain DOM, shared
// by every island through this module.
export interface Toast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick: () => void };
}

export const toastDuration = 5000;

let viewport: HTMLElement | undefined;

/**
 * The notifications region, inside the open modal dialog when there is one: a modal dialog sits in the top
 * layer above everything else and makes the rest of the page inert, so a toast outside it would be hidden
 * under its backdrop, unclickable and unannounced. When that dialog closes the region goes back to the page.
 */
function ensureViewport(): HTMLElement {
  if (!viewport?.isConnected) {
    viewport = document.createElement('section');
    viewport.className = 'toast-viewport';
    viewport.setAttribute('aria-label', 'Notifications');
  }
  const region = viewport;
  const modal = [...document.querySelectorAll('dialog')].filter((d) => d.matches(':modal')).at(-1);
  const host = modal ?? document.body;
  if (region.parentElement !== host) {
    host.append(region);
    // The close event comes a task later, after a frame without the region: watch the open attribute instead.
    if (modal) {
      const closed = new MutationObserver(() => {
        if (modal.open) return;
        closed.disconnect();
        if (region.parentElement === modal) document.body.append(region);
      });
      closed.observe(modal, { attributes: true, attributeFilter: ['open'] });
    }
  }
  return region;
}

export function toast({ title, description, variant = 'default', action }: Toast): () => void {
  const root = ensureViewport();
  const item = document.createElement('div');
  item.className = `toast toast-${variant}`;
  // Errors interrupt; everything else waits for a pause in speech.
  item.setAttribute('role', variant === 'destructive' ? 'alert' : 'status');
  item.setAttribute('aria-live', variant === 'destructive' ? 'assertive' : 'polite');
  const text = document.createElement('div');
  text.className = 'toast-text';
  const heading = document.createElement('p');
  heading.className = 'toast-title';
  heading.textContent = title;
  text.append(heading);
  if (description) {
    const body = document.createElement('p');
    body.className = 'toast-description';
    body.textContent = description;
    text.append(body);
  }
  item.append(text);
  const dismiss = () => {
    clearTimeout(timer);
    item.remove();
  };
  if (action) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'toast-action';
    button.textContent = action.label;
    button.addEventListener('click', () => {
      action.onClick();
      dismiss();
    });
    item.append(button);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'Close notification');
  close.innerHTML = '<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';
  close.addEventListener('click', dismiss);
  item.append(close);
  root.append(item);
  const timer = setTimeout(dismiss, toastDuration);
  return dismiss;
}
