// JSON pointers: keys holding `/` and `~` survive the trip from a key to a pointer and back.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeSegment, encodeSegment, pointerKeys, resolveKeys } from '../generator/content/pointer.ts';
import { pointerSegments } from '../generator/content/locate.ts';

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

test.run();
