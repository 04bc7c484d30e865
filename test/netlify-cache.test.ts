// The Netlify build plugin keeps between deploys exactly what the next build reuses: a deploy from a fresh
// clone, with the plugin's folders restored, renders no page again.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from '../generator/build.ts';
import { silentLogger } from '../generator/log.ts';
import { fixture, repoRoot, type Fixture } from './helpers/project.ts';
// @ts-expect-error: the plugin is plain JavaScript, loaded by Netlify as it is
import * as plugin from '../generator/host/netlify-cache/index.js';

const test = suite('netlify-cache');

/** Netlify's utils.cache, as far as the plugin uses it: save and restore a folder, keeping file times. */
function fakeCache(cwd: string) {
  const store = fs.mkdtempSync(path.join(os.tmpdir(), 'site-netlify-cache-'));
  const saved: string[] = [];
  return {
    store,
    saved,
    utils: {
      cache: {
        async save(folder: string) {
          const from = path.resolve(cwd, folder);
          if (!fs.existsSync(from)) return false;
          fs.cpSync(from, path.join(store, folder), { recursive: true, preserveTimestamps: true });
          saved.push(folder);
          return true;
        },
        async restore(folder: string) {
          const from = path.join(store, folder);
          if (!fs.existsSync(from)) return false;
          fs.cpSync(from, path.resolve(cwd, folder), { recursive: true, preserveTimestamps: true });
          return true;
        },
      },
    },
  };
}

let site: Fixture;
test.before(() => {
  site = fixture();
});
test.after(() => site.remove());

test('netlify.toml loads the plugin from the repository, which keeps .cache/ and the publish folder', async () => {
  const toml = fs.readFileSync(path.join(repoRoot, 'netlify.toml'), 'utf8');
  const pkg = /\[\[plugins\]\]\s*\n\s*package\s*=\s*"([^"]+)"/.exec(toml)?.[1];
  assert.ok(pkg, 'netlify.toml names a plugin');
  assert.ok(fs.existsSync(path.join(repoRoot, pkg!, 'manifest.yml')));
  assert.ok(fs.existsSync(path.join(repoRoot, pkg!, 'index.js')));
  const publish = /publish\s*=\s*"([^"]+)"/.exec(toml)?.[1];
  const restored: string[] = [];
  const log = console.log;
  console.log = () => {};
  try {
    await plugin.onPreBuild({ utils: { cache: { restore: async (folder: string) => (restored.push(folder), false) } }, constants: { PUBLISH_DIR: publish } });
  } finally {
    console.log = log;
  }
  assert.equal(restored, ['.cache', publish]);
});

test('Netlify builds on Node 24, the current LTS, and engines allows 22.13 and later as well', () => {
  const toml = fs.readFileSync(path.join(repoRoot, 'netlify.toml'), 'utf8');
  assert.is(/NODE_VERSION\s*=\s*"([^"]+)"/.exec(toml)?.[1], '24');
  const { engines } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  assert.is(engines.node, '>=22.13');
});

test('the plugin exports event handlers only, as Netlify requires (anything else fails the deploy with "Invalid event")', () => {
  // The events @netlify/build accepts (EVENTS and DEV_EVENTS of @netlify/config); it checks every export.
  const events = ['onPreBuild', 'onBuild', 'onPostBuild', 'onSuccess', 'onError', 'onEnd', 'onPreDev', 'onDev'];
  for (const [name, value] of Object.entries(plugin)) {
    assert.ok(events.includes(name), `export "${name}" is not a Netlify build event`);
    assert.type(value, 'function', name);
  }
  assert.equal(Object.keys(plugin).sort(), ['onPostBuild', 'onPreBuild']);
});

test('a deploy from a fresh clone, with the kept folders restored, renders no page again', async () => {
  const log = console.log;
  console.log = () => {};
  try {
    const netlify = fakeCache(site.root);
    const constants = { PUBLISH_DIR: 'dist' };
    await plugin.onPreBuild({ utils: netlify.utils, constants });
    const first = await build({ root: site.root, logger: silentLogger });
    assert.is(first.rendered, first.pages.length);
    await plugin.onPostBuild({ utils: netlify.utils, constants });
    assert.equal(netlify.saved, ['.cache', 'dist']);

    // The next deploy: a fresh clone, so neither folder is there until the plugin restores them.
    for (const folder of ['.cache', 'dist']) fs.rmSync(path.join(site.root, folder), { recursive: true, force: true });
    await plugin.onPreBuild({ utils: netlify.utils, constants });
    const second = await build({ root: site.root, logger: silentLogger });
    assert.is(second.rendered, 0, second.summary);
    assert.is(second.markdown.rendered, 0);
    assert.is(second.images.processed, 0);
    fs.rmSync(netlify.store, { recursive: true, force: true });
  } finally {
    console.log = log;
  }
});

test.run();
