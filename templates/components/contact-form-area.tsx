import ContactForm, { type ContactFormProps } from '../../islands/contact-form.tsx';
import { formPage } from '../../functions/lib/enquiry.ts';
import { useRender } from '../context.ts';
import { Island } from './island.tsx';
import { byLanguageName } from '../../islands/lib/language-order.ts';

/**
 * A contact form: variant "message" on /contact (with language and reCAPTCHA), "enquiry" on /pricing (with an
 * enquiry type). Rendered on the server as a complete form that posts to the send-email function, so it works
 * before the island wakes and without JavaScript; the island then enhances the same markup.
 */
export function ContactFormArea({ variant }: { variant: 'enquiry' | 'message' }) {
  const { site, assets } = useRender();
  const s = site.settings;
  const copy = site.contactForm;
  const props: ContactFormProps = {
    variant,
    endpoint: '/.netlify/functions/send-email',
    page: formPage[variant],
    fields: copy.fields,
    enquiryTypes: copy.enquiryTypes,
    languages: variant === 'message' ? [...site.languages].sort(byLanguageName).map((l) => ({ code: l.code, name: l.name })) : [],
    anyLanguage: copy.anyLanguage,
    submit: copy.submit,
    submitting: copy.submitting,
    success: copy.success,
    error: copy.error,
    thankYou: site.pages.contact.thankYou,
    fallback: { text: copy.captchaNeedsScript, email: s.email, phone: s.phone.display, phoneHref: s.phone.e164 },
    recaptchaSiteKey: s.integrations.recaptchaSiteKey,
    icons: { mail: assets.icon('mail'), phone: assets.icon('phone'), check: assets.icon('circle-check'), alert: assets.icon('circle-alert'), send: assets.icon('send') },
  };
  return <Island name="contact-form" wake="visible" component={ContactForm} props={props} />;
}
