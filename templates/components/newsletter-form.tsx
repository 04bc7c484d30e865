import type { BlogPage } from '../../generator/content/types.ts';

type Copy = BlogPage['newsletter'];

/** What a server answer to a native post puts into the form. */
export interface NewsletterAnswer {
  email: string;
  error?: string;
  /** The error is about the address typed, so the box is marked invalid; a busy store or a limit is not. */
  addressWrong?: boolean;
  thanked?: boolean;
}

export const subscribeEndpoint = '/.netlify/functions/subscribe';

/**
 * The blog's newsletter sign-up: a real form posting to the subscribe function, so it works without
 * JavaScript (the function answers with this page, thanked or with the error next to the field); the
 * newsletter island sends it with fetch instead once it wakes. Rendered by the blog template and by the
 * function, so the two cannot drift. `leave_blank` is a honeypot: hidden from people, filled in by bots (no autofill fills that name), and a
 * sign-up that fills it is kept aside as suspected, not added to the list.
 */
export function NewsletterForm({ copy, answer }: { copy: Copy; answer?: NewsletterAnswer }) {
  const error = answer?.error;
  return (
    <form className="newsletter-form" id="newsletter-form" action={subscribeEndpoint} method="post" data-newsletter="" data-thanks={copy.thanks}>
      <label htmlFor="newsletter-email">{copy.label}</label>
      <div className="input-row">
        {/* The message sits in the field's own column, so it is directly under the box it belongs to whether
            the button fits beside the box or wraps below it. */}
        <div className="input-field">
          <input
            id="newsletter-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            placeholder="you@example.com"
            defaultValue={answer?.thanked ? undefined : answer?.email}
            aria-invalid={error && answer?.addressWrong ? true : undefined}
            aria-describedby={error ? 'newsletter-email-error' : undefined}
            autoFocus={error ? true : undefined}
          />
          <p className="field-error" id="newsletter-email-error" data-newsletter-error="" hidden={!error}>
            {error}
          </p>
        </div>
        <button type="submit" className="button button-primary">
          {copy.button}
        </button>
      </div>
      <div className="form-trap">
        <label htmlFor="newsletter-leave-blank">Leave this field empty</label>
        <input id="newsletter-leave-blank" name="leave_blank" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <p className="muted small">{copy.note}</p>
      <p className="form-success" role="status" data-newsletter-status="" tabIndex={-1} autoFocus={answer?.thanked || undefined} hidden={!answer?.thanked}>
        {answer?.thanked ? copy.thanks : null}
      </p>
    </form>
  );
}
