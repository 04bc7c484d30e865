// JSON pointers: keys holding `/` and `~` survive the trip from a key to a pointer and back.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeSegment, encodeSegment, pointerKeys, resolveKeys } from '../generator/content/pointer.ts';
import { locate, pointerSegments } from '../generator/content/locate.ts';
import type { SourceFile } from '../generator/content/load.ts';

const test = suite('pointer');

test('a key with / and ~ is encoded as ~1 and ~0, and decoded back', () => {
  assert.is(encodeSegment('a/b~c'), 'a~1b~0c');
  assert.is(decodeSegment('a~1b~0c'), 'a/b~c');
  assert.is(decodeSegment('~01'), '~1', '~0 is decoded last, so ~01 is the key "~1"');
  assert.is(encodeSegment('~1'), '~01');
});

test('a pointer is split into decoded keys; the empty pointer is the whole value', () => {
  assert.equal(pointerKeys('/cities/3/population'), ['cities', '3', 'population']);
  assert.equal(pointerKeys('/a~1b/~0'), ['a/b', '~']);
  assert.equal(pointerKeys(''), []);
});

test('the value at a pointer, or undefined where the path leaves the data', () => {
  const data = { cities: [{ name: 'Perth' }], 'a/b': { '~': 1 } };
  assert.is(resolveKeys(data, pointerKeys('/cities/0/name')), 'Perth');
  assert.is(resolveKeys(data, pointerKeys('/a~1b/~0')), 1);
  assert.is(resolveKeys(data, pointerKeys('/cities/1/name')), undefined);
  assert.is(resolveKeys(data, []), data);
});

test('locate reads array indexes as numbers, as the JSON tree wants them', () => {
  assert.equal(pointerSegments('/cities/3/a~1b'), ['cities', 3, 'a/b']);
  assert.equal(pointerSegments('/'), []);
});

test('in front matter a missing top-level field is placed at the start, not at a nested field of that name', () => {
  const text = ['---', 'excerpt: "Text"', 'seo:', '  title: "Short"', '  description: "More"', 'image:', '  src: "a.svg"', '---', 'Body'].join('\n');
  const file = { path: 'content/blog/a.md', text, body: 'Body' } as SourceFile;
  assert.equal(locate(file, '/title'), { line: 1, column: 1 }, 'no top-level title: the opening line, as JSON gives its opening brace');
  assert.equal(locate(file, '/seo/title'), { line: 4, column: 3 });
  assert.equal(locate(file, '/image/alt'), { line: 6, column: 1 }, 'a missing nested field: its parent');
});

test.run();
