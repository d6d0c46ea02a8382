// The bench's Swiper classification (issue 33): which loaded files count as Swiper's bytes.
//   node --test bench/browser/swiper.test.mjs   (`pnpm test:bench`)
import assert from 'node:assert/strict';
import test from 'node:test';
import { sourceMapFileOf } from './sourceMaps.mjs';
import { isSwiper, mostlySwiper } from './swiper.mjs';

const SWIPER = 'webpack://catalog/../node_modules/.pnpm/swiper@11.2.10/node_modules/swiper/shared/swiper-core.mjs';
const OURS = 'webpack://catalog/./src/pages/HomePage/HomePage.tsx';
const map = (sources) => ({ version: 3, sources: sources.map(([s]) => s), sourcesContent: sources.map(([, text]) => text) });

test('a chunk named swiper is Swiper’s by its name alone, scripts and styles alike', () => {
  const none = () => null;
  assert.equal(isSwiper('http://site/remotes/catalog/v1/swiper.1a2b3c4d.js', none), true);
  assert.equal(isSwiper('http://site/remotes/catalog/v1/swiper.1a2b3c4d.css?x=1', none), true);
  assert.equal(isSwiper('http://site/shell/v1/vendors-swiper-modules.1a2b3c4d.js', none), true);
  assert.equal(isSwiper('http://site/shell/v1/435.1a2b3c4d.js', none), false);
});

test('an unnamed chunk is Swiper’s when most of its source text is swiper’s modules', () => {
  const swiperChunk = map([
    ['webpack://catalog/webpack/runtime/define property getters', 'x'.repeat(5000)],
    [SWIPER, 'x'.repeat(3000)],
    [OURS, 'x'.repeat(200)],
  ]);
  const ourChunk = map([
    [SWIPER, 'x'.repeat(200)],
    [OURS, 'x'.repeat(3000)],
  ]);
  assert.equal(mostlySwiper(swiperChunk), true);
  assert.equal(mostlySwiper(ourChunk), false);
  assert.equal(
    isSwiper('http://site/remotes/catalog/v1/512.1a2b3c4d.js', () => swiperChunk),
    true,
  );
  assert.equal(
    isSwiper('http://site/remotes/catalog/v1/513.1a2b3c4d.js', () => ourChunk),
    false,
  );
  assert.equal(mostlySwiper(null), false);
  assert.equal(mostlySwiper(map([])), false);
});

test('a served file is traced to its section’s build and source map; other URLs to none', () => {
  assert.match(sourceMapFileOf('http://site/shell/0.1.0-1/main.1a2b3c4d.js'), /\/shell\/dist\/0\.1\.0-1\/main\.1a2b3c4d\.js\.map$/);
  assert.match(
    sourceMapFileOf('http://site/remotes/cart_checkout/0.1.0-1/Cart.1a.css'),
    /\/cart-checkout\/dist\/0\.1\.0-1\/Cart\.1a\.css\.map$/,
  );
  assert.equal(sourceMapFileOf('http://site/api/images/logo.svg'), null);
  assert.equal(sourceMapFileOf('http://site/remotes/unknown/0.1.0-1/x.js'), null);
});
