// The bench's statistics (`pnpm test:bench`): the figures every table and JSON file is made of.
import assert from 'node:assert/strict';
import test from 'node:test';
import { cliArgs, listArg, numberArg } from './args.mjs';
import { median, percentile, round } from './stats.mjs';

test('a percentile is the nearest rank of the sorted values, whatever their order', () => {
  const values = Array.from({ length: 1000 }, (_, i) => 1000 - i);
  assert.equal(percentile(values, 99), 990);
  assert.equal(percentile(values, 50), 500);
  assert.equal(percentile(values, 100), 1000);
  assert.equal(percentile([7], 99), 7);
  assert.equal(percentile([], 99), 0);
});

test('the median leaves out runs that measured nothing, and is null when none did', () => {
  assert.equal(median([3, null, 1, 2]), 2);
  assert.equal(median([4, 1, 2, 3]), 2.5);
  assert.equal(median([null, undefined, Number.NaN]), null);
  assert.equal(round(1.23456), 1.23);
  assert.equal(round(1.25, 1), 1.3);
});

test('options, flags and lists read from the command line', () => {
  const args = cliArgs(['--runs', '3', '--skip-build', '--pages', 'home,cart', '--no-ssr']);
  assert.deepEqual(args, { runs: '3', 'skip-build': '', pages: 'home,cart', 'no-ssr': '' });
  assert.equal(numberArg(args, 'runs', 5), 3);
  assert.equal(numberArg(args, 'rounds', 2), 2);
  assert.deepEqual(listArg(args, 'pages', 'home'), ['home', 'cart']);
  assert.deepEqual(listArg(args, 'sizes', '1000, 20000'), ['1000', '20000']);
});
