// The script `site serve` adds to every page it serves (never to build output). It listens for rebuilds
// over server-sent events: reloads the page when its own files changed, and shows build errors in an
// overlay until the next good build.
import { outputFileOf } from '../address.ts';

export const reloadClientPath = '/__site/client.js';
export const eventsPath = '/__site/events';

export const reloadClient = `
const source = new EventSource(${JSON.stringify(eventsPath)});
// The build's own address rule, so the page knows which output file it is.
const outputFileOf = ${outputFileOf};
const here = () => outputFileOf(location.pathname);
let overlay;
function showError(text) {
  if (!overlay) {
    overlay = document.createElement('site-error-overlay');
    const root = overlay.attachShadow({ mode: 'open' });
    root.innerHTML = '<style>:host{position:fixed;inset:0;z-index:2147483647;background:rgba(15,31,51,.92);color:#fff;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;overflow:auto;padding:32px}h2{font:600 18px system-ui,sans-serif;color:#ffb4a8;margin:0 0 12px}pre{white-space:pre-wrap;margin:0}p{font:13px system-ui,sans-serif;color:#cbd5e1}</style><h2>Build failed</h2><pre></pre><p>The last good version of the site is still being served. Fix the problem and save: this page reloads by itself.</p>';
    document.documentElement.append(overlay);
  }
  overlay.shadowRoot.querySelector('pre').textContent = text;
}
source.addEventListener('error-report', (event) => showError(JSON.parse(event.data).message));
source.addEventListener('rebuilt', (event) => {
  const { changed } = JSON.parse(event.data);
  const page = here();
  const mine = changed.some((file) => file === page || file === '404.html' || /\\.(css|js|mjs|svg|png|jpe?g|webp|avif|woff2)$/.test(file));
  if (overlay || mine) location.reload();
});
`;
