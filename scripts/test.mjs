// `npm test`: everything CI checks, in order: install from the lockfile, typecheck, lint (and the lint
// rules' own test, and the bench's own: its statistics, its Swiper classification), the Prettier check, every package's jest
// tests, the API suite and the ops state-store suites a second time on PostgreSQL (when TEST_DATABASE_URL
// names a server whose role may create databases; `.ci/run` sets one up), the root scripts' own tests (development log lines, and
// `npm run start:prod` from a settings file on PostgreSQL, skipped without TEST_DATABASE_URL), a production
// build, then the browser tests. On a machine whose Node is older than 24, everything runs on Node 24
// from the npm registry (lib.mjs ensureNode).
import { ensureNode, ensurePnpm, log, run } from './lib.mjs';

await ensureNode();

const [pnpm, ...pre] = ensurePnpm();
const p = (...a) => [...pre, ...a];
const started = Date.now();

run(pnpm, p('install', '--frozen-lockfile'), { timed: 'install' });
run(pnpm, p('run', 'typecheck'), { timed: 'typecheck' });
run(pnpm, p('run', 'lint'), { timed: 'lint' });
run(pnpm, p('run', 'test:lint-rules'), { timed: 'lint rules' });
run(pnpm, p('run', 'test:bench'), { timed: "the bench's own tests" });
run(pnpm, p('run', 'format:check'), { timed: 'format check' });
// The first pass is the SQLite one (and the ops state store on files), whatever the environment says.
run(pnpm, p('run', 'test:unit'), { env: { TEST_DATABASE_URL: '', TEST_OPS_DATABASE_URL: '' }, timed: 'unit tests' });
if (process.env.TEST_DATABASE_URL) {
  run(pnpm, p('--filter', '@storefront/api', 'test'), {
    env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
    timed: 'API tests on PostgreSQL',
  });
  // The ops suites' PostgreSQL halves (every eachStore suite, and two hosts on one PostgreSQL).
  run(pnpm, p('--filter', '@storefront/ops', 'run', 'test:postgres'), {
    env: { TEST_OPS_DATABASE_URL: process.env.TEST_DATABASE_URL },
    timed: 'ops tests on PostgreSQL',
  });
} else {
  log('API and ops tests on PostgreSQL skipped: TEST_DATABASE_URL is not set (.ci/run sets it; README "PostgreSQL")');
}
// The root scripts' own tests: development log lines, and start:prod from a settings file on PostgreSQL
// (it says itself when it skips without TEST_DATABASE_URL).
run(pnpm, p('run', 'test:scripts'), { timed: 'scripts tests' });
const buildId = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
run(pnpm, p('run', 'build'), { env: { BUILD_ID: buildId, NODE_ENV: 'production' }, timed: 'build' });
run(pnpm, p('run', 'test:e2e'), { timed: 'browser tests' });
log(`all checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
