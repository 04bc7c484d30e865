// The two contact forms, enhanced: the help form on /pricing (variant A, with an enquiry type) and the contact
// form on /contact (variant B, with a language and reCAPTCHA). The server renders a complete form that posts
// natively; this island takes it over once it wakes, checks input with the same compiled rules as the
// send-email function, sends JSON with an idempotency key, keeps everything typed when sending fails, and says
// plainly what went wrong. What was typed before it woke is read from the page, so hydration loses nothing.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { enquiry as validateEnquiry, message as validateMessage } from 'virtual:enquiry-validators';
import { fieldErrors, fields, heldAnswer, normalise, type Variant } from '../functions/lib/enquiry.ts';
import { loadScript } from './lib/third-party.ts';
import { toast } from './lib/toast.ts';
import { ContactFormView, emptyValues, type ContactFormProps, type FormState } from './lib/contact-form-view.tsx';

export type { ContactFormProps } from './lib/contact-form-view.tsx';

declare global {
  interface Window {
    grecaptcha?: {
      ready(callback: () => void): void;
      render(container: HTMLElement, parameters: Record<string, unknown>): number;
      reset(id?: number): void;
    };
  }
}

export const captchaDelay = 100;

/** The values in the page's form right now: typed before the island woke, or kept by a server answer. */
function valuesInPage(variant: Variant, fallback: Record<string, string>): Record<string, string> {
  if (typeof document === 'undefined') return fallback;
  const form = document.getElementById(`${variant}-form`)?.querySelector('form');
  if (!form) return fallback;
  const out = { ...fallback };
  for (const name of Object.keys(out)) {
    const control = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null;
    if (control && 'value' in control) out[name] = control.value;
  }
  return out;
}

/** A new key whenever the values change: a double submit of the same enquiry carries one key, an edit a new one. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export default function ContactForm(props: ContactFormProps) {
  const { variant } = props;
  const [values, setValues] = useState<Record<string, string>>(() => valuesInPage(variant, { ...emptyValues(variant), ...props.answer?.values }));
  const [errors, setErrors] = useState<Record<string, string>>(() => props.answer?.errors ?? {});
  const [state, setState] = useState<FormState>(() => props.answer?.state ?? 'idle');
  const [failure, setFailure] = useState(() => props.answer?.failure ?? '');
  const [held, setHeld] = useState(() => Boolean(props.answer?.held));
  const [fromServer, setFromServer] = useState(() => props.answer?.state === 'success');
  const [captcha, setCaptcha] = useState('');
  const [captchaProblem, setCaptchaProblem] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const captchaBox = useRef<HTMLDivElement>(null);
  const captchaId = useRef<number | undefined>(undefined);
  const key = useRef('');

  // reCAPTCHA v2, rendered explicitly with the site key 100 ms after its script is ready. Expiry or an error
  // clears the token, so the form asks for the check again. The widget lives in the .captcha element; should a
  // render give that element a new node (after a failed send, or when the form comes back after a thank-you),
  // the widget is drawn again in the new one, so there is always a box to tick.
  const captchaLoaded = useRef(false);
  const drawnIn = useRef<HTMLElement | null>(null);
  const drawCaptcha = () => {
    const box = captchaBox.current;
    if (!captchaLoaded.current || !box || !window.grecaptcha) return;
    if (drawnIn.current === box && box.isConnected && box.childElementCount > 0) return;
    try {
      box.replaceChildren();
      captchaId.current = window.grecaptcha.render(box, {
        sitekey: props.recaptchaSiteKey,
        callback: (token: string) => setCaptcha(token),
        'expired-callback': () => setCaptcha(''),
        'error-callback': () => setCaptcha(''),
      });
      drawnIn.current = box;
      setCaptcha('');
    } catch (error) {
      console.warn('reCAPTCHA could not be shown:', error);
      setCaptchaProblem(true);
    }
  };
  useEffect(() => {
    if (variant !== 'message') return;
    let cancelled = false;
    loadScript('https://www.google.com/recaptcha/api.js?render=explicit')
      .then(() => {
        window.grecaptcha?.ready(() =>
          setTimeout(() => {
            if (cancelled) return;
            captchaLoaded.current = true;
            drawCaptcha();
          }, captchaDelay),
        );
      })
      .catch((error: Error) => {
        console.warn(`reCAPTCHA not loaded: ${error.message}`);
        setCaptchaProblem(true);
      });
    return () => {
      cancelled = true;
    };
  }, [variant]);
  // After every render: a new .captcha node gets the widget drawn again (a no-op while the widget is alive).
  useEffect(() => {
    if (variant === 'message' && state !== 'success') drawCaptcha();
  });

  /** A field the visitor can fix, by name; the captcha's is its box, which takes focus (tabIndex -1). */
  const focusField = (name: string) => (name === 'recaptcha' ? captchaBox.current : (form.current?.elements.namedItem(name) as HTMLElement | null))?.focus?.();

  // The button is disabled while sending, which takes focus from it. After a failed send focus goes to the field
  // the server named, with its message under it, so the visitor can fix it at once; otherwise to the red banner,
  // so a keyboard visitor reads the error and goes on from the form, not from the top of the page.
  const failedSend = useRef<{ field?: string } | undefined>(undefined);
  useEffect(() => {
    const failed = failedSend.current;
    if (!failed) return;
    failedSend.current = undefined;
    if (failed.field) focusField(failed.field);
    else form.current?.querySelector<HTMLElement>('.form-error')?.focus();
  });

  const onChange = (name: string) => (event: { target: EventTarget | null }) => {
    key.current = '';
    setValues((v) => ({ ...v, [name]: (event.target as HTMLInputElement).value }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const trap = (form.current?.elements.namedItem('leave_blank') as HTMLInputElement | null)?.value ?? '';
    const data = normalise({ ...values, ...(variant === 'message' ? { recaptcha: captcha } : {}), ...(trap ? { leave_blank: trap } : {}) });
    const validate = variant === 'enquiry' ? validateEnquiry : validateMessage;
    if (!validate(data)) {
      const found = fieldErrors(variant, validate.errors ?? [], data);
      setErrors(Object.fromEntries(found.map((e) => [e.field, e.message])));
      if (found[0]) focusField(found[0].field);
      return;
    }
    setErrors({});
    setState('submitting');
    key.current ||= newKey();
    try {
      const response = await fetch(props.endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key.current }, body: JSON.stringify(data) });
      const answer = (await response.json().catch(() => ({}))) as { message?: string; held?: boolean; field?: unknown };
      // A 400 or 413 names the field to fix; one this form does not show (the hidden trap, a field sent by
      // something other than this form) leaves the banner alone to say what went wrong.
      const field = typeof answer.field === 'string' && fields[variant].includes(answer.field) ? answer.field : undefined;
      if (!response.ok) throw Object.assign(new Error(answer.message || props.error.fallback), { fromServer: true, field });
      // Held: kept, but the mail server turned it away. The message is safe, so it is taken, with what happens next.
      setHeld(Boolean(answer.held));
      setState('success');
      setFromServer(false);
      setValues(emptyValues(variant));
      setCaptcha('');
      key.current = '';
      toast(answer.held ? { title: heldAnswer.heading, description: heldAnswer.text } : { title: props.success.toastTitle, description: props.success.toastText });
      if (variant === 'message') (window.dataLayer ??= []).push({ event: 'contact_form_submitted' });
    } catch (error) {
      const message = (error as { fromServer?: boolean }).fromServer ? (error as Error).message : (error as Error)?.message || props.error.networkFallback;
      const field = (error as { field?: string }).field;
      failedSend.current = { field };
      // The banner stays, as in every failed send; the field's message says where, as the form's own checks do.
      if (field) setErrors({ [field]: message });
      setFailure(message);
      setState('error');
      toast({ title: props.error.toastTitle, description: message, variant: 'destructive' });
      if (variant === 'message') {
        // A used token is spent: the live widget is reset; a replaced one is drawn again after this render.
        const box = captchaBox.current;
        if (window.grecaptcha && captchaId.current !== undefined && box && drawnIn.current === box && box.isConnected) window.grecaptcha.reset(captchaId.current);
        setCaptcha('');
      }
    }
  };

  return (
    <ContactFormView
      {...props}
      values={values}
      errors={errors}
      state={state}
      failure={failure}
      held={state === 'success' && held}
      captchaProblem={captchaProblem}
      formRef={form}
      captchaRef={captchaBox}
      onChange={onChange}
      onSubmit={onSubmit}
      onAgain={fromServer ? undefined : () => setState('idle')}
    />
  );
}
