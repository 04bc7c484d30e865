import { useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import type { KindModule } from './index.ts';

/** The address of the chat service's script for a property and widget. */
export function chatSnippetSource(propertyId: string, widgetId: string): string {
  return `https://embed.tawk.to/${propertyId}/${widgetId}`;
}

export function chatSnippet(propertyId: string, widgetId: string): string {
  return [
    '<!--Start of Tawk.to Script-->',
    '<script type="text/javascript">',
    'var Tawk_API=Tawk_API||{}, Tawk_LoadStart=new Date();',
    '(function(){',
    'var s1=document.createElement("script"),s0=document.getElementsByTagName("script")[0];',
    's1.async=true;',
    `s1.src='${chatSnippetSource(propertyId, widgetId)}';`,
    "s1.charset='UTF-8';",
    "s1.setAttribute('crossorigin','*');",
    's0.parentNode.insertBefore(s1,s0);',
    '})();',
    '</script>',
    '<!--End of Tawk.to Script-->',
  ].join('\n');
}

export function TawktoSetupPage() {
  const { site } = useRender();
  const copy = site.pages['tawkto-setup'];
  const chat = site.settings.integrations.chat;
  const snippet = chatSnippet(chat.propertyId, chat.widgetId);
  return (
    <section className="section" aria-labelledby="page-heading">
      <div className="container narrow">
        <h1 id="page-heading">{copy.heading}</h1>
        <p className="lead">{copy.text}</p>
        <div className="card setup-card">
          <div className="field">
            <label htmlFor="chat-property">Property ID</label>
            <input id="chat-property" type="text" readOnly value={chat.propertyId} />
          </div>
          <div className="field">
            <label htmlFor="chat-widget">Widget ID</label>
            <input id="chat-widget" type="text" readOnly value={chat.widgetId} />
          </div>
          <h2 className="h3">{copy.snippetHeading}</h2>
          <div className="snippet" data-copy-snippet="">
            <pre tabIndex={0} role="region" aria-label="Embed code">
              <code id="chat-snippet">{snippet}</code>
            </pre>
            <button type="button" className="button button-secondary button-sm" data-copy-target="chat-snippet">
              <Icon name="copy" size={16} /> <span data-copy-label="">Copy</span>
            </button>
          </div>
          <ul className="link-list" role="list">
            {copy.links.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener">
                  {link.label} <Icon name="arrow-up-right" size={16} />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

export const page: KindModule<'tawkto-setup'> = {
  Page: TawktoSetupPage,
};
