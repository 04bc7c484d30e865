// /admin/editor.js, loaded after decap-cms.js and formats.js: what the site adds to Decap for staff. The build
// writes /admin/editor.json beside it: every fact with its value and what it is, and the collections and files
// that get a preview.
import type { Facts } from './rules.ts';
import { registerChecks } from './checks.ts';
import { watchRefusals } from './notices.ts';
import { registerPreview, registerSiteStyle } from './preview.ts';
import { watchPlaceholders, type FactInfo } from './placeholders.ts';

interface EditorData extends FactInfo {
  facts: Facts;
  previews: string[];
}

let data: EditorData = { facts: {}, about: {}, previews: [] };
const loaded = fetch('/admin/editor.json')
  .then((r) => (r.ok ? (r.json() as Promise<EditorData>) : data))
  .catch(() => data)
  .then((d) => (data = d));

registerChecks(async () => (await loaded).facts);
watchRefusals();
void loaded.then((d) => registerPreview(d.previews, () => data.facts));
void registerSiteStyle();
watchPlaceholders(() => data.facts, () => data);
