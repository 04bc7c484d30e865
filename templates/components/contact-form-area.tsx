import { useRender } from '../context.ts';
import { Icon } from './icon.tsx';

/**
 * Where a contact form goes. The markup here is what a visitor sees when scripts cannot run: a plain
 * sentence and the provider's email and phone instead of a form that could not be sent.
 */
export function ContactFormArea({ variant }: { variant: 'enquiry' | 'message' }) {
  const { site } = useRender();
  const s = site.settings;
  return (
    <div className="form-area card" data-contact-form={variant}>
      <div className="form-fallback" role="note">
        <p>{site.contactForm.noScript}</p>
        <p className="form-fallback-contacts">
          <a href={`mailto:${s.email}`}>
            <Icon name="mail" size={18} /> {s.email}
          </a>
          <a href={`tel:${s.phone.e164}`}>
            <Icon name="phone" size={18} /> {s.phone.display}
          </a>
        </p>
      </div>
    </div>
  );
}
