// The markup of both contact forms, pure: values, errors and state in, HTML out. The contact-form island
// renders it with its state and handlers; the send-email function renders it on the server to answer a
// native form post (no JavaScript) with the errors next to the fields or the thank-you panel. Both render the
// same markup, so the island hydrates an answer page as it hydrates the page as built.
import type { FormEvent, RefObject } from 'react';
import { heldAnswer, htmlConstraints, type Variant } from '../../functions/lib/enquiry.ts';
import { SvgIcon } from './markup.tsx';

interface Field {
  label: string;
  placeholder?: string;
  hint?: string;
}

export type FormState = 'idle' | 'submitting' | 'success' | 'error';

/** What a server answer puts into the form: the typed values, the messages, and the state to show. */
export interface FormAnswer {
  values: Record<string, string>;
  errors: Record<string, string>;
  state: 'idle' | 'success' | 'error';
  failure?: string;
  /** Taken and stored, but the mail server refused it for good: saved for the operator, not yet with our team. */
  held?: boolean;
  /** The reCAPTCHA check could not run because JavaScript is off: say so, with the other ways to reach us. */
  captchaNeedsScript?: boolean;
}

export interface ContactFormProps {
  variant: Variant;
  endpoint: string;
  /** The page the form is on, for the link back to an empty form after a native post. */
  page: string;
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
  /** Set only in a server answer to a native post. */
  answer?: FormAnswer;
}

export interface ViewProps extends ContactFormProps {
  values: Record<string, string>;
  errors: Record<string, string>;
  state: FormState;
  failure: string;
  /** With state success: the enquiry is saved but held (the thank-you says so, and how to reach us if urgent). */
  held?: boolean;
  captchaProblem?: boolean;
  formRef?: RefObject<HTMLFormElement | null>;
  captchaRef?: RefObject<HTMLDivElement | null>;
  onChange?: (name: string) => (event: { target: EventTarget | null }) => void;
  onSubmit?: (event: FormEvent) => void;
  /** Send Another Message: a button when the island handles it, a link to the empty form in a server answer. */
  onAgain?: () => void;
}

export const emptyValues = (variant: Variant): Record<string, string> =>
  variant === 'enquiry' ? { name: '', email: '', phone: '', subject: '', enquiryType: '', message: '' } : { name: '', email: '', phone: '', language: 'any', subject: '', message: '' };

export function ContactFormView(props: ViewProps) {
  const { variant, fields, values, errors, state, failure, answer } = props;
  const id = (name: string) => `${variant}-${name}`;
  const limits = (name: string) => htmlConstraints(variant, name);
  // A field's hint from content, shown under its label and read with the field (as its error is), whatever the control.
  const describedBy = (name: keyof ContactFormProps['fields']) => [errors[name] ? `${id(name)}-error` : '', fields[name].hint ? `${id(name)}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const hint = (name: keyof ContactFormProps['fields']) =>
    fields[name].hint ? (
      <p className="field-hint" id={`${id(name)}-hint`}>
        {fields[name].hint}
      </p>
    ) : null;
  // Labels come from content and say themselves which fields are optional.
  const label = (name: keyof ContactFormProps['fields']) => <label htmlFor={id(name)}>{fields[name].label}</label>;
  const problem = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`${id(name)}-error`}>
        <SvgIcon markup={props.icons.alert} size={16} /> {errors[name]}
      </p>
    ) : null;
  // No autocomplete="off" on a field people type: Chrome then leaves it empty when Back returns to the form after
  // a post that failed (a dropped connection, a host's error page), losing what was typed.
  const input = (name: 'name' | 'email' | 'phone' | 'subject', type: string, autoComplete?: string) => (
    <div className="field">
      {label(name)}
      {hint(name)}
      <input id={id(name)} name={name} type={type} autoComplete={autoComplete} {...value(name)} placeholder={fields[name].placeholder} aria-invalid={errors[name] ? true : undefined} aria-describedby={describedBy(name)} autoFocus={focusField(name)} {...limits(name)} />
      {problem(name)}
    </div>
  );
  // Our email and phone, for a held message and for a form that cannot be sent here; the mail link may carry what was typed.
  const contacts = (mailto: string) => (
    <p className="form-fallback-contacts">
      <a href={mailto}>
        <SvgIcon markup={props.icons.mail} size={18} /> {props.fallback.email}
      </a>
      <a href={`tel:${props.fallback.phoneHref}`}>
        <SvgIcon markup={props.icons.phone} size={18} /> {props.fallback.phone}
      </a>
    </p>
  );
  // In a server answer the first thing to read gets focus, so the browser scrolls to it after the post.
  const focusFirst = Boolean(answer) && !props.onSubmit;
  // Controlled by the island; in a server answer (no handlers) the same markup comes from defaultValue.
  const value = (name: string) => (props.onChange ? { value: values[name], onChange: props.onChange(name) } : { defaultValue: values[name] });
  const firstError = Object.keys(errors)[0];
  const focusField = (name: string) => (focusFirst && !failure && !answer?.captchaNeedsScript && firstError === name) || undefined;

  return (
    <div className="form-area card" id={`${variant}-form`}>
      {state === 'success' ? (
        <div className="form-success-panel" role="status" tabIndex={-1} autoFocus={focusFirst || undefined} ref={props.onAgain ? (el) => el?.focus() : undefined}>
          <span className="icon-badge icon-badge-green">
            <SvgIcon markup={props.icons.check} />
          </span>
          <h3>{props.held ? heldAnswer.heading : props.thankYou.heading}</h3>
          <p>{props.held ? heldAnswer.text : props.thankYou.text}</p>
          {props.held && contacts(`mailto:${props.fallback.email}`)}
          {props.onAgain ? (
            <button type="button" className="button button-secondary" onClick={props.onAgain}>
              {props.thankYou.button}
            </button>
          ) : (
            <a className="button button-secondary" href={`${props.page}#${variant}-form`}>
              {props.thankYou.button}
            </a>
          )}
        </div>
      ) : (
        <form ref={props.formRef} className="contact-form" method="post" action={props.endpoint} noValidate onSubmit={props.onSubmit} aria-label={variant === 'enquiry' ? 'Help form' : 'Contact form'}>
          {answer?.captchaNeedsScript && (
            <div className="form-fallback form-error" role="alert" tabIndex={-1} autoFocus={focusFirst || undefined}>
              <div>
                <p>{props.fallback.text}</p>
                {contacts(`mailto:${props.fallback.email}?subject=${encodeURIComponent(values.subject ?? '')}&body=${encodeURIComponent(values.message ?? '')}`)}
              </div>
            </div>
          )}
          {failure && (
            <div className="form-error" role="alert" tabIndex={-1} autoFocus={(focusFirst && !answer?.captchaNeedsScript) || undefined}>
              <SvgIcon markup={props.icons.alert} size={20} /> Error: {failure}
            </div>
          )}
          <div className="field-row">
            {input('name', 'text', 'name')}
            {input('email', 'email', 'email')}
          </div>
          <div className="field-row">
            {input('phone', 'tel', 'tel')}
            {variant === 'enquiry' ? (
              <div className="field">
                {label('enquiryType')}
                {hint('enquiryType')}
                <select id={id('enquiryType')} name="enquiryType" {...value('enquiryType')} aria-invalid={errors.enquiryType ? true : undefined} aria-describedby={describedBy('enquiryType')} autoFocus={focusField('enquiryType')} required>
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
                {hint('language')}
                <select id={id('language')} name="language" {...value('language')} aria-invalid={errors.language ? true : undefined} aria-describedby={describedBy('language')} autoFocus={focusField('language')}>
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
          {input('subject', 'text')}
          <div className="field">
            {label('message')}
            {hint('message')}
            <textarea id={id('message')} name="message" rows={5} {...value('message')} placeholder={fields.message.placeholder} aria-invalid={errors.message ? true : undefined} aria-describedby={describedBy('message')} autoFocus={focusField('message')} {...limits('message')} />
            {problem('message')}
          </div>
          {variant === 'message' && (
            <div className="field">
              <div className="captcha" ref={props.captchaRef} tabIndex={-1} autoFocus={focusField('recaptcha')} aria-describedby={errors.recaptcha ? `${id('recaptcha')}-error` : undefined} />
              {props.captchaProblem && <p className="field-hint">The reCAPTCHA check could not be loaded. Please try again later, or email or phone us instead.</p>}
              {problem('recaptcha')}
            </div>
          )}
          {/* A honeypot: hidden from people (and assistive technology, and the tab order); bots fill it in. Its
              name is one no autofill or password manager fills, so a visitor's browser does not spring it. */}
          <div className="form-trap" hidden>
            <label htmlFor={id('leave_blank')}>Leave this field empty</label>
            <input id={id('leave_blank')} name="leave_blank" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <p className="sr-only" aria-live="polite">
            {firstError !== undefined ? `${Object.keys(errors).length} ${Object.keys(errors).length === 1 ? 'field needs' : 'fields need'} attention.` : ''}
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
