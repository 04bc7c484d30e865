// The script `site serve` adds to every page it serves (never to build output). It listens for rebuilds
// over server-sent events: reloads the page when its own files changed, and shows build errors in an
// overlay until the next good build. The page names the build it was served from (`since`), so a rebuild that
// finishes between serving the page and this script connecting is told to it on connecting, not missed.
// A page out of sight lets its stream go: a browser opens at most six connections to a server over HTTP/1.1,
// and with six tabs each holding a stream the seventh tab never loaded. Seen again, the page connects anew
// with the last build it was told of, and hears what the builds since then changed.
import { outputFileOf } from '../address.ts';

export const reloadClientPath = '/__site/client.js';
export const eventsPath = '/__site/events';

/**
 * `run` names the server that made the client: reconnected to another (a restart), the page reloads. `sent`: the
 * file the page was sent from, where the server said (the 404 page, at an address with no page of its own).
 */
export const reloadClient = (since: number, run: string, sent: string | null) => `
const run = ${JSON.stringify(run)};
const sent = ${JSON.stringify(sent)};
let since = ${since};
let source;
// The build's own address rule, so the page knows which output file it is.
const outputFileOf = ${outputFileOf};
const here = () => outputFileOf(location.pathname);
let overlay;
// Each problem as the terminal numbers it: where (file:line:column, or the page), the title, what is wrong,
// the code frame and the hint. Text goes in as text nodes only, never as markup: messages quote the visitor's content.
// The frame scrolls sideways rather than wrap, so its caret stays under the column it names on a narrow screen.
function el(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}
function where(error) {
  const place = error.file ? [error.file, error.line, error.line ? error.column : undefined].filter(Boolean).join(':') : '';
  return [error.page, place && error.page ? '(' + place + ')' : place, error.pointer].filter(Boolean).join(' ');
}
function showError(report) {
  if (!overlay) {
    overlay = document.createElement('site-error-overlay');
    const root = overlay.attachShadow({ mode: 'open' });
    root.innerHTML = '<style>:host{position:fixed;inset:0;z-index:2147483647;background:rgba(15,31,51,.97);color:#fff;font:14px/1.5 system-ui,sans-serif;overflow:auto;padding:32px}h2{font-size:20px;color:#ffb4a8;margin:0 0 16px}ol{margin:0;padding:0;list-style:none}li{margin:0 0 24px;max-width:110ch}h3{font-size:15px;margin:0;color:#fde68a}.code{font:12px ui-monospace,Menlo,Consolas,monospace;color:#cbd5e1;margin-left:4px}.where{font:14px ui-monospace,Menlo,Consolas,monospace;color:#93c5fd;margin:4px 0}.message{margin:4px 0}pre{font:13px/1.45 ui-monospace,Menlo,Consolas,monospace;white-space:pre;overflow-x:auto;background:rgba(0,0,0,.35);padding:8px 12px;margin:8px 0;border-radius:4px}.hint{color:#bbf7d0;margin:4px 0}.note{color:#cbd5e1}[role=alertdialog]:focus{outline:none}</style><div role="alertdialog" aria-modal="true" aria-labelledby="site-error-heading" tabindex="-1"><h2 id="site-error-heading">Build failed</h2><div class="problems"></div><p class="note"></p></div>';
    document.documentElement.append(overlay);
    // Focus goes to the dialog so a screen reader announces it and the keyboard starts there.
    root.querySelector('[role=alertdialog]').focus();
  }
  // What is served meanwhile, as the terminal says it: the last good site, or (no build good yet) this report.
  overlay.shadowRoot.querySelector('.note').textContent = report.note + ' Fix the problem and save: this page reloads by itself.';
  const problems = overlay.shadowRoot.querySelector('.problems');
  const errors = report.errors || [];
  if (!errors.length) return problems.replaceChildren(el('pre', '', report.message));
  // Counted as the terminal counts them: a problem listed once for many pages is one per page.
  const count = errors.reduce((n, error) => n + 1 + (error.morePages || []).length, 0);
  overlay.shadowRoot.querySelector('h2').textContent = count === 1 ? 'Build failed: 1 problem' : 'Build failed: ' + count + ' problems';
  const list = el('ol');
  for (const error of errors) {
    const item = el('li');
    item.append(el('h3', '', error.title, ' ', el('span', 'code', error.code)));
    const place = where(error);
    if (place) item.append(el('p', 'where', place));
    item.append(el('p', 'message', error.message));
    const more = error.morePages || [];
    if (more.length) item.append(el('p', 'where', 'The same on ' + more.length + ' more ' + (more.length === 1 ? 'page' : 'pages') + ': ' + more.slice(0, 5).join(', ') + (more.length > 5 ? ', …' : '')));
    if (error.frame) item.append(el('pre', 'frame', error.frame));
    const hints = error.hints || [];
    for (const hint of [...hints.slice(0, 5), ...(hints.length > 5 ? ['… and ' + (hints.length - 5) + ' more'] : [])]) item.append(el('p', 'hint', 'Hint: ' + hint));
    list.append(item);
  }
  problems.replaceChildren(list);
}
function connect() {
  source = new EventSource(${JSON.stringify(`${eventsPath}?run=`)} + run + '&since=' + since);
  source.addEventListener('error-report', (event) => showError(JSON.parse(event.data)));
  source.addEventListener('rebuilt', (event) => {
    const { changed, build } = JSON.parse(event.data);
    since = build;
    // The page's own file: its address's (a page not built yet reloads into it) or the one it was sent from.
    // Pictures are not a reason: their names carry their hash, so a page showing a changed picture has changed
    // itself. Reloading every open page for a file it does not show only loses its state: the editor's form, with
    // what was typed and not yet saved, went whenever a change to a price changed the 404 page.
    const mine = !changed || changed.some((file) => file === here() || file === sent || /\\.(css|js|mjs|woff2)$/.test(file));
    if (overlay || mine) location.reload();
  });
}
document.addEventListener('visibilitychange', () => {
  if (!document.hidden) {
    if (!source) connect();
  } else if (source) {
    source.close();
    source = undefined;
  }
});
if (!document.hidden) connect();
`;
