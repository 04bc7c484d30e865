// Adding a kind of content with a page per entry, as a site's developer would: in a copy of the project, a line
// in the kinds table, a schema, a template and the content, and nothing else. The copy is built with its own
// code, and the new pages must be written, listed in sitemap.xml and listed in the HTML sitemap, which no one
// told about them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { repoRoot } from './helpers/project.ts';

const test = suite('kinds-add');

const copied = ['generator', 'templates', 'islands', 'functions', 'assets', 'content', 'package.json', 'tsconfig.json'];

/** The files the new kind takes, by path in the project: every one of them is a file the test writes or edits. */
function teamKind(root: string): string[] {
  const table = path.join(root, 'content/kinds.ts');
  const text = fs.readFileSync(table, 'utf8');
  const anchor = "    post: collection('post',";
  assert.ok(text.includes(anchor), 'the kinds table lists the posts');
  fs.writeFileSync(
    table,
    text.replace(anchor, `    'team-member': collection('team-member', 'team', '.md', 'team', '/team/', { data: of<{ name: string; role: string }>() }),\n${anchor}`),
  );
  const write = (rel: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), body);
  };
  write(
    'content/schemas/team-member.schema.json',
    JSON.stringify(
      {
        $schema: 'http://json-schema.org/draft-07/schema#',
        $id: 'team-member.schema.json',
        title: 'Team member',
        type: 'object',
        required: ['name', 'role'],
        additionalProperties: false,
        properties: { name: { type: 'string', minLength: 1 }, role: { type: 'string', minLength: 1 } },
      },
      null,
      2,
    ),
  );
  write('content/team/ada-nguyen.md', '---\nname: Ada Nguyen\nrole: Vietnamese translator\n---\nAda has translated Vietnamese records for twelve years.\n');
  write('content/team/sam-okafor.md', '---\nname: Sam Okafor\nrole: Project manager\n---\nSam checks every order before it goes out.\n');
  write(
    'templates/pages/team-member.tsx',
    `import type { KindModule } from './index.ts';
import { useRender } from '../context.ts';

function MemberPage({ data }: { data: { entry: { name: string; role: string; body?: string } } }) {
  const { markdown } = useRender();
  return (
    <article className="container">
      <h1>{data.entry.name}</h1>
      <p className="member-role">{data.entry.role}</p>
      <div className="prose" dangerouslySetInnerHTML={{ __html: markdown.get(data.entry.body ?? '') ?? '' }} />
    </article>
  );
}

export const page: KindModule<'team-member'> = {
  Page: MemberPage,
  head: ({ entry }, site) => ({ title: \`\${entry.name}, \${entry.role} | \${site.settings.name}\`, description: \`\${entry.name} works with us as \${entry.role.toLowerCase()}.\` }),
  listing: { heading: 'Our team', position: 5, links: (site) => site.team.map((m) => ({ label: m.name, href: m.url })) },
};
`,
  );
  return ['content/kinds.ts', 'content/schemas/team-member.schema.json', 'content/team/', 'templates/pages/team-member.tsx'];
}

test('a kind with a page per entry takes four files, and its pages are written and listed in both sitemaps', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-kind-'));
  try {
    for (const part of copied) fs.cpSync(path.join(repoRoot, part), path.join(root, part), { recursive: true });
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
    // The image caches are content-addressed: sharing them only spares the copy from encoding the same images again.
    for (const cache of ['images', 'flags', 'social']) {
      const from = path.join(repoRoot, '.cache', cache);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(root, '.cache', cache), { recursive: true });
    }
    const files = teamKind(root);
    assert.ok(files.length <= 4, `${files.length} files`);

    const script = "const { build } = await import('./generator/build.ts'); const { silentLogger } = await import('./generator/log.ts'); await build({ root: process.cwd(), logger: silentLogger });";
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });

    const dist = path.join(root, 'dist');
    const page = fs.readFileSync(path.join(dist, 'team/ada-nguyen.html'), 'utf8');
    assert.match(page, '<title>Ada Nguyen, Vietnamese translator | Wattle Translations</title>');
    assert.match(page, '<h1>Ada Nguyen</h1>');
    assert.match(page, '<p>Ada has translated Vietnamese records for twelve years.</p>');
    assert.ok(fs.existsSync(path.join(dist, 'team/sam-okafor.html')));

    const xml = fs.readFileSync(path.join(dist, 'sitemap.xml'), 'utf8');
    assert.match(xml, '<loc>https://www.example.com/team/ada-nguyen</loc>');
    assert.match(xml, '<loc>https://www.example.com/team/sam-okafor</loc>');

    const map = fs.readFileSync(path.join(dist, 'sitemap.html'), 'utf8');
    assert.match(map, '>Our team</h2>');
    assert.match(map, '<a href="/team/ada-nguyen">Ada Nguyen</a>');
    assert.match(map, '<a href="/team/sam-okafor">Sam Okafor</a>');
    // The groups the site had are still there, in their order, with the new one after them.
    const headings = [...map.matchAll(/<h2 id="sm-[^"]+">([^<]+)<\/h2>/g)].map((m) => m[1]);
    assert.equal(headings, ['Main pages', 'Services', 'Cities', 'Blog', 'Languages', 'Our team']);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test.run();
