// `npm test`: everything CI checks, in order: install from the lockfile, typecheck, lint, every
// package's jest tests, a production build, then the browser tests against the composed site.
import { ensurePnpm, log, run } from './lib.mjs';

const [pnpm, ...pre] = ensurePnpm();
const p = (...a) => [...pre, ...a];
const started = Date.now();

run(pnpm, p('install', '--frozen-lockfile'), { timed: 'install' });
run(pnpm, p('run', 'typecheck'), { timed: 'typecheck' });
run(pnpm, p('run', 'lint'), { timed: 'lint' });
run(pnpm, p('run', 'test:unit'), { timed: 'unit tests' });
const buildId = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
run(pnpm, p('run', 'build'), { env: { BUILD_ID: buildId, NODE_ENV: 'production' }, timed: 'build' });
run(pnpm, p('run', 'test:e2e'), { timed: 'browser tests' });
log(`all checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
