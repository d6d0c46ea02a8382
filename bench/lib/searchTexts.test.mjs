// The scale bench's distinct searches (bench/api/searchTexts.ts, loaded with Node's type stripping).
import assert from 'node:assert/strict';
import test from 'node:test';
import { APART, BETWEEN, KIND_SPACES, everyday, exact, misspelt, partial } from '../api/searchTexts.ts';

/** A search's words, lower-cased and without the small words `everyday` puts between. */
const words = (text) =>
  text
    .toLowerCase()
    .split(' ')
    .filter((w) => !BETWEEN.includes(w));
/** The word set, whatever the order: passes arrange the same words differently. */
const wordSet = (text) => [...words(text)].sort().join(' ');
/** Words of the two categories a partial search names: its other word is a colour. */
const apart = new Set(APART);
/** What a search is made of, one part per word list: a partial search's two categories are one part. */
const parts = (name, text) => {
  if (name !== 'partial') return words(text);
  const all = words(text);
  return [
    all.filter((w) => !apart.has(w)).join(' '),
    all
      .filter((w) => apart.has(w))
      .sort()
      .join(' '),
  ];
};

const KINDS = Object.entries({ exact, misspelt, partial, everyday }).map(([name, at]) => ({ name, at, space: KIND_SPACES[name] }));

test('each pass holds every word set once', () => {
  for (const { name, at, space } of KINDS) {
    const sets = new Set(Array.from({ length: space }, (_, i) => wordSet(at(i))));
    assert.equal(sets.size, space, name);
  }
});

test('a search differs from the one before it in every part, so costly word sets do not arrive in runs', () => {
  // In word-list order, the bench sent 180 "… watch" sets (twice the matches of most items) within 0.36 s.
  for (const { name, at, space } of KINDS) {
    for (let i = 1; i < 2 * space; i += 1) {
      const before = new Set(parts(name, at(i - 1)));
      const shared = parts(name, at(i)).filter((w) => before.has(w));
      assert.deepEqual(shared, [], `${name} ${i - 1} "${at(i - 1)}" and ${i} "${at(i)}"`);
    }
  }
});

test('the strings of a run are distinct: a later pass arranges the same words another way', () => {
  for (const { name, at, space } of KINDS) {
    const texts = new Set(Array.from({ length: 4 * space }, (_, i) => at(i)));
    assert.equal(texts.size, 4 * space, name);
  }
});
