// The two contact forms: the help form on /pricing (variant A, with an enquiry type) and the contact form on
// /contact (variant B, with a language and reCAPTCHA). Both check input with the same compiled rules as the
// send-email function, keep everything typed when sending fails, and say plainly what went wrong.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { enquiry as validateEnquiry, message as validateMessage } from 'virtual:enquiry-validators';
import { fieldErrors, normalise, type Variant } from '../functions/enquiry.ts';
import { loadScript } from './lib/third-party.ts';
import { toast } from './lib/toast.ts';
import { SvgIcon } from './lib/markup.tsx';
import { useReady } from './lib/use-ready.ts';

interface Field {
  label: string;
  placeholder?: string;
  hint?: string;
}

export interface ContactFormProps {
  variant: Variant;
  endpoint: string;
  fields: Record<'name' | 'email' | 'phone' | 'language' | 'subject' | 'enquiryType' | 'message', Field>;
  enquiryTypes: { value: string; label: string }[];
  languages: { code: string; name: string }[];
  anyLanguage: string;
  submit: string;
  submitting: string;
  success: { toastTitle: string; toastText: string };
  error: { toastTitle: string; fallback: string; networkFallback: string };
  thankYou: { heading: string; text: string; button: string };
  fallback: { text: string; email: string; phone: string; phoneHref: string };
  recaptchaSiteKey: string;
  icons: { mail: string; phone: string; check: string; alert: string; send: string };
}

type Values = Record<string, string>;
type State = 'idle' | 'submitting' | 'success' | 'error';

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

const empty = (variant: Variant): Values =>
  variant === 'enquiry' ? { name: '', email: '', phone: '', subject: '', enquiryType: '', message: '' } : { name: '', email: '', phone: '', language: 'any', subject: '', message: '' };

export default function ContactForm(props: ContactFormProps) {
  const { variant, fields } = props;
  const ready = useReady();
  const [values, setValues] = useState<Values>(() => empty(variant));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<State>('idle');
  const [failure, setFailure] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaProblem, setCaptchaProblem] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const captchaBox = useRef<HTMLDivElement>(null);
  const captchaId = useRef<number | undefined>(undefined);
  const id = (name: string) => `${variant}-${name}`;

  // reCAPTCHA v2, rendered explicitly with the site key 100 ms after its script is ready. Expiry or an error
  // clears the token, so the form asks for the check again.
  useEffect(() => {
    if (variant !== 'message' || state === 'success') return;
    let cancelled = false;
    loadScript('https://www.google.com/recaptcha/api.js?render=explicit')
      .then(() => {
        window.grecaptcha?.ready(() =>
          setTimeout(() => {
            if (cancelled || !captchaBox.current || !window.grecaptcha) return;
            try {
              captchaBox.current.replaceChildren();
              captchaId.current = window.grecaptcha.render(captchaBox.current, {
                sitekey: props.recaptchaSiteKey,
                callback: (token: string) => setCaptcha(token),
                'expired-callback': () => setCaptcha(''),
                'error-callback': () => setCaptcha(''),
              });
            } catch (error) {
              console.warn('reCAPTCHA could not be shown:', error);
              setCaptchaProblem(true);
            }
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
  }, [variant, state === 'success']);

  const set = (name: string) => (event: { target: EventTarget | null }) => setValues((v) => ({ ...v, [name]: (event.target as HTMLInputElement).value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const data = normalise(variant === 'message' ? { ...values, recaptcha: captcha } : values);
    const validate = variant === 'enquiry' ? validateEnquiry : validateMessage;
    if (!validate(data)) {
      const found = fieldErrors(variant, validate.errors ?? []);
      setErrors(Object.fromEntries(found.map((e) => [e.field, e.message])));
      const first = found[0]?.field;
      if (first) (first === 'recaptcha' ? captchaBox.current : form.current?.elements.namedItem(first) as HTMLElement | null)?.focus?.();
      return;
    }
    setErrors({});
    setState('submitting');
    try {
      const response = await fetch(props.endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(data) });
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      if (!response.ok) throw Object.assign(new Error(answer.message || props.error.fallback), { fromServer: true });
      setState('success');
      setValues(empty(variant));
      setCaptcha('');
      toast({ title: props.success.toastTitle, description: props.success.toastText });
      if (variant === 'message') (window.dataLayer ??= []).push({ event: 'contact_form_submitted' });
    } catch (error) {
      const message = (error as { fromServer?: boolean }).fromServer ? (error as Error).message : (error as Error)?.message || props.error.networkFallback;
      setFailure(message);
      setState('error');
      toast({ title: props.error.toastTitle, description: message, variant: 'destructive' });
      if (variant === 'message' && window.grecaptcha && captchaId.current !== undefined) {
        window.grecaptcha.reset(captchaId.current);
        setCaptcha('');
      }
    }
  };

  const describedBy = (name: string, hint?: string) => [errors[name] ? `${id(name)}-error` : '', hint ? `${id(name)}-hint` : ''].filter(Boolean).join(' ') || undefined;
  // Labels come from content and say themselves which fields are optional.
  const label = (name: keyof ContactFormProps['fields']) => <label htmlFor={id(name)}>{fields[name].label}</label>;
  const problem = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`${id(name)}-error`}>
        <SvgIcon markup={props.icons.alert} size={16} /> {errors[name]}
      </p>
    ) : null;
  const input = (name: 'name' | 'email' | 'phone' | 'subject', type: string, autoComplete: string, optional = false) => (
    <div className="field">
      {label(name)}
      {fields[name].hint && <p className="field-hint" id={`${id(name)}-hint`}>{fields[name].hint}</p>}
      <input id={id(name)} name={name} type={type} autoComplete={autoComplete} value={values[name]} placeholder={fields[name].placeholder} onChange={set(name)} aria-invalid={errors[name] ? true : undefined} aria-describedby={describedBy(name, fields[name].hint)} required={!optional} />
      {problem(name)}
    </div>
  );

  return (
    <div className="form-area card">
      <div className="form-fallback" role="note" hidden={ready}>
        <p>{props.fallback.text}</p>
        <p className="form-fallback-contacts">
          <a href={`mailto:${props.fallback.email}`}>
            <SvgIcon markup={props.icons.mail} size={18} /> {props.fallback.email}
          </a>
          <a href={`tel:${props.fallback.phoneHref}`}>
            <SvgIcon markup={props.icons.phone} size={18} /> {props.fallback.phone}
          </a>
        </p>
      </div>
      {state === 'success' ? (
        <div className="form-success-panel" role="status" tabIndex={-1} ref={(el) => el?.focus()}>
          <span className="icon-badge icon-badge-green">
            <SvgIcon markup={props.icons.check} />
          </span>
          <h3>{props.thankYou.heading}</h3>
          <p>{props.thankYou.text}</p>
          <button type="button" className="button button-secondary" onClick={() => setState('idle')}>
            {props.thankYou.button}
          </button>
        </div>
      ) : (
        <form ref={form} className="contact-form" noValidate onSubmit={onSubmit} hidden={!ready} aria-label={variant === 'enquiry' ? 'Help form' : 'Contact form'}>
          {failure && (
            <div className="form-error" role="alert">
              <SvgIcon markup={props.icons.alert} size={20} /> Error: {failure}
            </div>
          )}
          <div className="field-row">
            {input('name', 'text', 'name')}
            {input('email', 'email', 'email')}
          </div>
          <div className="field-row">
            {input('phone', 'tel', 'tel', true)}
            {variant === 'enquiry' ? (
              <div className="field">
                {label('enquiryType')}
                <select id={id('enquiryType')} name="enquiryType" value={values.enquiryType} onChange={set('enquiryType')} aria-invalid={errors.enquiryType ? true : undefined} aria-describedby={describedBy('enquiryType')} required>
                  <option value="">{fields.enquiryType.placeholder ?? 'Select an enquiry type'}</option>
                  {props.enquiryTypes.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </select>
                {problem('enquiryType')}
              </div>
            ) : (
              <div className="field">
                {label('language')}
                <select id={id('language')} name="language" value={values.language} onChange={set('language')} aria-invalid={errors.language ? true : undefined} aria-describedby={describedBy('language')}>
                  <option value="any">{props.anyLanguage}</option>
                  {props.languages.map((l) => (
                    <option key={l.code} value={l.code}>
                      {l.name}
                    </option>
                  ))}
                </select>
                {problem('language')}
              </div>
            )}
          </div>
          {input('subject', 'text', 'off')}
          <div className="field">
            {label('message')}
            <textarea id={id('message')} name="message" rows={5} value={values.message} placeholder={fields.message.placeholder} onChange={set('message')} aria-invalid={errors.message ? true : undefined} aria-describedby={describedBy('message')} required />
            {problem('message')}
          </div>
          {variant === 'message' && (
            <div className="field">
              <div className="captcha" ref={captchaBox} tabIndex={-1} aria-describedby={errors.recaptcha ? `${id('recaptcha')}-error` : undefined} />
              {captchaProblem && <p className="field-hint">The reCAPTCHA check could not be loaded. Please try again later, or email or phone us instead.</p>}
              {problem('recaptcha')}
            </div>
          )}
          <p className="sr-only" aria-live="polite">
            {Object.keys(errors).length ? `${Object.keys(errors).length} ${Object.keys(errors).length === 1 ? 'field needs' : 'fields need'} attention.` : ''}
          </p>
          <button type="submit" className="button button-primary button-lg" disabled={state === 'submitting'} aria-busy={state === 'submitting' ? true : undefined}>
            <SvgIcon markup={props.icons.send} size={18} />
            {state === 'submitting' ? props.submitting : props.submit}
          </button>
        </form>
      )}
    </div>
  );
}
