import { useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import { ContactFormArea } from '../components/contact-form-area.tsx';
import { CollectionNotice } from '../components/collection-notice.tsx';
import { EmailAddress, FaqList, OrderLink, PageHero, Section } from '../components/ui.tsx';
import type { KindModule } from './index.ts';

export function ContactPage() {
  const { site } = useRender();
  const copy = site.pages.contact;
  const hours = site.facts.hours;
  const s = site.settings;
  const faq = site.faq.filter((g) => g.placement === 'contact').flatMap((g) => g.items);
  return (
    <>
      <PageHero eyebrow={copy.hero.eyebrow} heading={copy.hero.heading} text={copy.hero.text} compact />
      <section className="section section-flush" aria-label="Contact details and form">
        <div className="container contact-layout">
          <div className="contact-side">
            <div className="card">
              <h2 className="h3">{copy.details.heading}</h2>
              <p>{copy.details.text}</p>
              <ul className="contact-list" role="list">
                <li>
                  <Icon name="mail" />
                  <span>
                    <strong>Email</strong>
                    <a href={`mailto:${s.email}`}>
                      <EmailAddress address={s.email} />
                    </a>
                  </span>
                </li>
                <li>
                  <Icon name="phone" />
                  <span>
                    <strong>Phone</strong>
                    <a href={`tel:${s.phone.e164}`}>{s.phone.display}</a>
                  </span>
                </li>
                <li>
                  <Icon name="map-pin" />
                  <span>
                    <strong>Registered office</strong>
                    {s.address.street}, {s.address.locality} {s.address.region} {s.address.postcode} (no walk-in service)
                  </span>
                </li>
              </ul>
            </div>
            <div className="card">
              <h2 className="h3">{copy.hours.heading}</h2>
              <table className="hours">
                <tbody>
                  {/* The days and times are facts.hours, and what the model derives from them (content/hours.ts). */}
                  {[{ days: hours.dayRange, hours: hours.times }, ...hours.closedDays.map((day) => ({ days: day, hours: copy.hours.closed }))].map((row) => (
                    <tr key={row.days}>
                      <th scope="row">{row.days}</th>
                      <td>{row.hours}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="muted small">{copy.hours.note}</p>
            </div>
            <div className="card chat-card">
              <h2 className="h3">{copy.chat.heading}</h2>
              <p>{copy.chat.text}</p>
              <button type="button" className="button button-secondary" data-start-chat="">
                <Icon name="message-circle" size={18} />
                {copy.chat.button ?? 'Start Chat'}
              </button>
              <CollectionNotice kind="chat" />
              <p className="muted small" data-chat-unavailable="" hidden>
                The chat could not be loaded just now. Please email or phone us instead.
              </p>
              <p className="muted small chat-no-script">The chat needs JavaScript, which is off in this browser. Please email or phone us instead.</p>
            </div>
          </div>
          <div className="contact-main">
            <h2>{copy.form.heading}</h2>
            {copy.form.text && <p>{copy.form.text}</p>}
            <ContactFormArea variant="message" />
            <CollectionNotice kind="contact" />
          </div>
        </div>
      </section>
      <Section id="fast" tone="tint">
        <div className="callout">
          <span className="icon-badge icon-badge-gold">
            <Icon name="zap" />
          </span>
          <div>
            <h2>{copy.fastTranslation.heading}</h2>
            <p>{copy.fastTranslation.text}</p>
          </div>
          <OrderLink>{copy.fastTranslation.button ?? site.shared.orderCta.start}</OrderLink>
        </div>
      </Section>
      <Section id="faq" heading={copy.faq.heading} text={copy.faq.text}>
        <div className="narrow">
          <FaqList items={faq} />
          {copy.faq.link && (
            <p className="center">
              <a className="text-link" href={copy.faq.link.href}>
                {copy.faq.link.label}
              </a>
            </p>
          )}
        </div>
      </Section>
    </>
  );
}

export const page: KindModule<'contact'> = {
  Page: ContactPage,
};
