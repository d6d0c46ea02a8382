/**
 * Debian's Chromium as the browser tests and the benchmarks start it, written once (a CommonJS module so
 * that Playwright's config, which it loads as CommonJS, and the .mjs benches can both import it).
 *
 * The machine's network is closed: without these flags Chromium stalls on background connections
 * (QUIC probes, component and sync updates, first-run work). No sandbox: it runs as root in a container.
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_FLAGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

module.exports = { CHROMIUM_PATH, CHROMIUM_FLAGS };
