// The HTML answer to a native post of a contact form: its page with the form rendered in the answer's state.
import { renderToStaticMarkup } from 'react-dom/server';
import { formPage, heldAnswer, type Variant } from './enquiry.ts';
import { ContactFormView, emptyValues, type ContactFormProps, type FormAnswer } from '../../islands/lib/contact-form-view.tsx';
import { builtPage, plainPage, plainPageHeaders, readProps, swapElement } from './answer-page.ts';
import { escapeHtml, html, type Context } from './http.ts';

type Env = Record<string, string | undefined>;

const island = /<site-island data-island="contact-form"[^>]*>/;

function titleOf(answer: FormAnswer, props?: ContactFormProps): string {
  if (answer.state === 'success') return answer.held ? heldAnswer.heading : props?.thankYou.heading ?? 'Thank you for your message';
  if (answer.failure || answer.captchaNeedsScript) return 'Your message was not sent';
  return 'Please check the form';
}

export async function contactAnswer(request: Request, context: Context, settings: Env, variant: Variant, answer: FormAnswer, status: number, headers: Record<string, string> = {}): Promise<Response> {
  const { text: page, headers: security } = await builtPage(request, context, settings, formPage[variant]);
  const opening = page ? island.exec(page) : null;
  const built = opening ? readProps<ContactFormProps>(opening[0]) : undefined;
  if (page && opening && built?.variant === variant) {
    const props: ContactFormProps = { ...built, answer };
    const view = renderToStaticMarkup(
      <ContactFormView {...props} values={{ ...emptyValues(variant), ...answer.values }} errors={answer.errors} state={answer.state} failure={answer.failure ?? ''} held={answer.held} />,
    );
    // The island keeps its marker and module; its props now carry the answer, so it hydrates this markup.
    // A replacer function, not a string: the props hold what the visitor typed, and `$&` or `` $` `` in a
    // replacement string would paste parts of the tag, quotes and all, into the attribute.
    const marker = opening[0].replace(/\sdata-props="[^"]*"/, () => ` data-props="${escapeHtml(JSON.stringify(props))}"`);
    const swapped = swapElement(page, island, '</site-island>', `${marker}${view}</site-island>`, titleOf(answer, built));
    if (swapped) return html(status, swapped, { ...security, ...headers });
  }
  console.error(`send-email: the page ${formPage[variant]} could not be read to answer a form post, so a plain page was sent`);
  return html(status, plainPage(titleOf(answer), plainBody(variant, answer)), { ...plainPageHeaders, ...headers });
}

function plainBody(variant: Variant, answer: FormAnswer): string {
  const back = `<p><a href="${formPage[variant]}">Back to the form</a></p>`;
  if (answer.state === 'success' && answer.held) return `<h1>${escapeHtml(heldAnswer.heading)}</h1><p>${escapeHtml(heldAnswer.text)}</p>${back}`;
  if (answer.state === 'success') return `<h1>Thank you for your message</h1><p>We've received your enquiry and will reply to your email within 1 business day.</p>${back}`;
  const problems = [answer.failure, ...Object.values(answer.errors)].filter(Boolean).map((m) => `<li>${escapeHtml(String(m))}</li>`);
  // What the visitor typed, so nothing is lost even when the form's page cannot be shown.
  const typed = Object.entries(answer.values).filter(([, v]) => v);
  // Line breaks as <br/>: the plain page's policy allows no style, so a style attribute keeping them was refused.
  const kept = typed.length ? `<h2>What you wrote</h2><dl>${typed.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v).replace(/\r?\n/g, '<br/>')}</dd>`).join('')}</dl>` : '';
  return `<h1>Your message was not sent</h1><ul>${problems.join('')}</ul>${kept}${back}`;
}
