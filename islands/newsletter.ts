// The blog's newsletter form, enhanced: it posts to the subscribe function natively (and works so without
// JavaScript); once this wakes it sends the address with fetch and answers in place. The browser checks the
// address first (type="email", required); whatever the server refuses is shown with the server's message.
export function mount(element: HTMLElement): void {
  const form = element.querySelector<HTMLFormElement>('form[data-newsletter]');
  if (!form) return;
  const status = form.querySelector<HTMLElement>('[data-newsletter-status]');
  const problem = form.querySelector<HTMLElement>('[data-newsletter-error]');
  const email = form.querySelector<HTMLInputElement>('input[name="email"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const show = (target: HTMLElement | null, text: string) => {
    if (!target) return;
    target.textContent = text;
    target.hidden = !text;
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button) button.disabled = true;
    show(problem, '');
    show(status, '');
    email?.removeAttribute('aria-invalid');
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(Object.fromEntries(new FormData(form))),
      });
      const answer = (await response.json().catch(() => ({}))) as { message?: string; field?: unknown };
      if (!response.ok) throw Object.assign(new Error(answer.message || 'Please try again later.'), { fromServer: true, addressWrong: answer.field === 'email' });
      show(status, answer.message || form.dataset.thanks || 'Thank you.');
      form.reset();
    } catch (error) {
      // A network failure's own message ("Failed to fetch") means nothing to a visitor.
      show(problem, (error as { fromServer?: boolean }).fromServer ? (error as Error).message : 'Please try again later.');
      // The message sits under the box and is read with it; the box is marked invalid only when the address is
      // what was refused, not when the list was busy or the connection failed.
      if ((error as { addressWrong?: boolean }).addressWrong) email?.setAttribute('aria-invalid', 'true');
      email?.setAttribute('aria-describedby', problem?.id ?? '');
      email?.focus();
    } finally {
      if (button) button.disabled = false;
    }
  });
}
