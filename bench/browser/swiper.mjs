// Swiper's bytes apart (issue 33): which loaded scripts and stylesheets are Swiper's, by their file name
// or by their build's source map.
import { builtMap } from './sourceMaps.mjs';

/**
 * Whether a built chunk is mostly Swiper, from its source map: more than half of its source text (the
 * bundler's runtime left out) comes from modules whose path names swiper (node_modules/swiper, a
 * `SwiperCarousel` wrapper).
 */
export function mostlySwiper(map) {
  let swiper = 0;
  let all = 0;
  (map?.sources ?? []).forEach((src, i) => {
    if (/^webpack\/runtime\//.test(src.replace(/^webpack:\/\/[^/]*\//, ''))) return;
    const size = map.sourcesContent?.[i]?.length ?? 1;
    all += size;
    if (/swiper/i.test(src)) swiper += size;
  });
  return all > 0 && swiper / all > 0.5;
}

const swiperVerdicts = new Map();
/**
 * Whether a loaded script or stylesheet is Swiper's. Either its file name says so (a chunk named by
 * `webpackChunkName: "swiper"`, a file of the swiper package served as it is), or the build's source map
 * does (`mostlySwiper`): an unnamed chunk gets a number for a name. `readMap` is for tests.
 */
export function isSwiper(url, readMap = builtMap) {
  if (readMap === builtMap && swiperVerdicts.has(url)) return swiperVerdicts.get(url);
  const file = (url.split('?')[0].split('/').pop() ?? '').toLowerCase();
  const verdict = file.includes('swiper') || mostlySwiper(readMap(url));
  if (readMap === builtMap) swiperVerdicts.set(url, verdict);
  return verdict;
}
