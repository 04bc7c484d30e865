// Writes generator/content/types.ts from the JSON schemas, so the types templates use cannot drift from what
// validation accepts. `npm run types` rewrites it; a test fails when it is out of date.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const typesFile = path.join(here, 'types.ts');
const schemaDir = path.resolve(here, '../../content/schemas');

export async function generateTypes(): Promise<string> {
  const { compile } = await import('json-schema-to-typescript');
  const names = fs.readdirSync(schemaDir).filter((n) => n.endsWith('.schema.json') && n !== 'common.schema.json').sort();
  const parts = ['// Generated from content/schemas by `npm run types`. Do not edit by hand.', ''];
  const declared = new Set<string>();
  for (const name of names) {
    const schema = JSON.parse(fs.readFileSync(path.join(schemaDir, name), 'utf8'));
    delete schema.$id;
    const ts = await compile(schema, name.replace('.schema.json', ''), {
      cwd: schemaDir,
      bannerComment: '',
      additionalProperties: false,
      strictIndexSignatures: true,
      format: true,
      unknownAny: true,
      ignoreMinAndMaxItems: true,
    });
    // Shared definitions (Image, Seo, ...) are emitted with every schema that uses them: keep the first.
    // In the formatted output only top-level declarations and their comments start at column 0.
    for (const block of ts.split(/\n(?=export |\/\*\*)/)) {
      const id = /export (?:type|interface) (\w+)/.exec(block)?.[1];
      if (!id || declared.has(id)) continue;
      declared.add(id);
      parts.push(block.trim(), '');
    }
  }
  return parts.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(typesFile, await generateTypes());
  console.log(`wrote ${path.relative(process.cwd(), typesFile)}`);
}
