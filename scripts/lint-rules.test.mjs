// The import rules of eslint.config.mjs, each shown failing on a deliberate offence and passing on the
// allowed form (run by `npm test` after `pnpm lint`; alone: `node --test scripts/lint-rules.test.mjs`).
// Offences are linted as if they were files of the package named by their path, with the real config.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root, ignore: false });

/** The rule ids ESLint reports for `code` as the file at `file` (relative to the repository root). */
async function rulesFor(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

test('api may not reach into the frontend by a relative path', async () => {
  const rules = await rulesFor('api/src/offence.ts', "import type { Order } from '../../shared/src/api/types';\nexport type O = Order;\n");
  assert.ok(rules.includes('import-x/no-restricted-paths'), `got ${rules.join(', ')}`);
});

test('ops may not import @storefront/shared, nor a file inside the contract', async () => {
  const shared = await rulesFor('ops/src/offence.ts', "import { paths } from '@storefront/shared';\nexport const p = paths;\n");
  assert.ok(shared.includes('no-restricted-imports'), `got ${shared.join(', ')}`);
  const deep = await rulesFor('ops/src/offence.ts', "import { paths } from '@storefront/contract/src/routes';\nexport const p = paths;\n");
  assert.ok(deep.includes('no-restricted-imports'), `got ${deep.join(', ')}`);
});

test('api and ops may import the contract', async () => {
  const rules = await rulesFor(
    'api/src/allowed.ts',
    "import { CART_TOTAL_LIMIT } from '@storefront/contract';\nexport const c = CART_TOTAL_LIMIT;\n",
  );
  assert.deepEqual(rules, []);
});

test('an API route may not import another route', async () => {
  const rules = await rulesFor('api/src/routes/offence.ts', "import { cartRoutes } from './cart';\nexport const r = cartRoutes;\n");
  assert.ok(rules.includes('import-x/no-restricted-paths'), `got ${rules.join(', ')}`);
});

test('the API domain imports no Fastify, and may import the repositories and the contract', async () => {
  const fastify = await rulesFor(
    'api/src/domain/offence.ts',
    "import type { FastifyReply } from 'fastify';\nexport type R = FastifyReply;\n",
  );
  assert.ok(fastify.includes('no-restricted-imports'), `got ${fastify.join(', ')}`);
  const allowed = await rulesFor(
    'api/src/domain/allowed.ts',
    "import type { Repositories } from '../db/repositories';\nimport { CART_TOTAL_LIMIT } from '@storefront/contract';\nexport type R = Repositories;\nexport const c = CART_TOTAL_LIMIT;\n",
  );
  assert.deepEqual(allowed, []);
});

test('an API repository may not import the domain (its answer shapers included), a plugin or a route', async () => {
  const domain = await rulesFor(
    'api/src/db/seed/offence.ts',
    "import { changeRules } from '../../domain/delivery';\nexport const c = changeRules;\n",
  );
  assert.ok(domain.includes('import-x/no-restricted-paths'), `got ${domain.join(', ')}`);
  const wire = await rulesFor(
    'api/src/db/repositories/offence.ts',
    "import { toCustomer } from '../../domain/wire';\nexport const t = toCustomer;\n",
  );
  assert.ok(wire.includes('import-x/no-restricted-paths'), `got ${wire.join(', ')}`);
  const plugin = await rulesFor(
    'api/src/db/repositories/offence.ts',
    "import { limitsPlugin } from '../../plugins/limits';\nexport const p = limitsPlugin;\n",
  );
  assert.ok(plugin.includes('import-x/no-restricted-paths'), `got ${plugin.join(', ')}`);
  const allowed = await rulesFor(
    'api/src/db/repositories/allowed.ts',
    "import type { CustomerRow } from './customers';\nexport type C = CustomerRow;\n",
  );
  assert.deepEqual(allowed, []);
});

test('the API domain may not import a plugin or a route, and shapes answers in domain/wire', async () => {
  const route = await rulesFor('api/src/domain/offence.ts', "import { cartRoutes } from '../routes/cart';\nexport const r = cartRoutes;\n");
  assert.ok(route.includes('import-x/no-restricted-paths'), `got ${route.join(', ')}`);
  const plugin = await rulesFor(
    'api/src/domain/offence.ts',
    "import { limitsPlugin } from '../plugins/limits';\nexport const p = limitsPlugin;\n",
  );
  assert.ok(plugin.includes('import-x/no-restricted-paths'), `got ${plugin.join(', ')}`);
  const allowed = await rulesFor('api/src/domain/allowed.ts', "import { toCustomer } from './wire';\nexport const t = toCustomer;\n");
  assert.deepEqual(allowed, []);
});

test('ops: a floor may not import a floor above it, nor one beside it', async () => {
  const up = await rulesFor('ops/src/telemetry/offence.ts', "import { breach } from '../canary/breach';\nexport const b = breach;\n");
  assert.ok(up.includes('import-x/no-restricted-paths'), `got ${up.join(', ')}`);
  const ground = await rulesFor('ops/src/state/offence.ts', "import { createHost } from '../host';\nexport const h = createHost;\n");
  assert.ok(ground.includes('import-x/no-restricted-paths'), `got ${ground.join(', ')}`);
  const beside = await rulesFor('ops/src/release/offence.ts', "import { createHost } from '../host';\nexport const h = createHost;\n");
  assert.ok(beside.includes('import-x/no-restricted-paths'), `got ${beside.join(', ')}`);
  const down = await rulesFor(
    'ops/src/canary/allowed.ts',
    "import { minuteOf } from '../telemetry/store';\nimport { SECTIONS } from '../state';\nexport const m = minuteOf;\nexport const s = SECTIONS;\n",
  );
  assert.deepEqual(down, []);
});

test('ops: a host plugin may not import another plugin, and may import a host module', async () => {
  const other = await rulesFor(
    'ops/src/host/plugins/offence.ts',
    "import { filesPlugin } from './files';\nexport const f = filesPlugin;\n",
  );
  assert.ok(other.includes('import-x/no-restricted-paths'), `got ${other.join(', ')}`);
  const allowed = await rulesFor('ops/src/host/plugins/allowed.ts', "import { NO_STORE } from '../paths';\nexport const n = NO_STORE;\n");
  assert.deepEqual(allowed, []);
});

test('a remote may not import another remote, nor the contract around shared', async () => {
  const other = await rulesFor(
    'catalog/src/offence.ts',
    "import { CheckoutStore } from '../../cart-checkout/src/stores/CheckoutStore';\nexport const c = CheckoutStore;\n",
  );
  assert.ok(other.includes('import-x/no-restricted-paths'), `got ${other.join(', ')}`);
  const contract = await rulesFor('catalog/src/offence.ts', "import { paths } from '@storefront/contract';\nexport const p = paths;\n");
  assert.ok(contract.includes('no-restricted-imports'), `got ${contract.join(', ')}`);
});

test('the contract imports nothing', async () => {
  const rules = await rulesFor('contract/src/offence.ts', "import { paths } from '@storefront/shared';\nexport const p = paths;\n");
  assert.ok(rules.includes('no-restricted-imports'), `got ${rules.join(', ')}`);
});

test('a cycle fails anywhere in the workspace', async () => {
  const [result] = await eslint.lintFiles([path.join(root, 'scripts/lint-fixtures/cycle/first.ts')]);
  const rules = (result?.messages ?? []).map((m) => m.ruleId);
  assert.ok(rules.includes('import-x/no-cycle'), `got ${rules.join(', ')}`);
});

test('a store may not start loading by hand, only through the shared load helpers', async () => {
  const offence = await rulesFor(
    'account/src/stores/offence.ts',
    'export class S {\n  loading = false;\n  start(): void {\n    this.loading = true;\n  }\n}\n',
  );
  assert.ok(offence.includes('no-restricted-syntax'), `got ${offence.join(', ')}`);
  const named = await rulesFor(
    'cart-checkout/src/stores/offence.ts',
    'export class S {\n  statesLoading = false;\n  start(): void {\n    this.statesLoading = true;\n  }\n}\n',
  );
  assert.ok(named.includes('no-restricted-syntax'), `got ${named.join(', ')}`);
  const allowed = await rulesFor(
    'account/src/stores/allowed.ts',
    "import { withLoadState } from '@storefront/shared';\nexport class S {\n  loading = false;\n  error: string | null = null;\n  load(): Promise<number> {\n    return withLoadState(this, 'Failed', async () => 1);\n  }\n  reset(): void {\n    this.loading = false;\n  }\n}\n",
  );
  assert.deepEqual(allowed, []);
});

test("a section's form loads validation only through shared's form hook; a type import is allowed", async () => {
  const dynamic = await rulesFor('account/src/offence.ts', "export const load = () => import('@storefront/shared/validation');\n");
  assert.ok(dynamic.includes('no-restricted-syntax'), `got ${dynamic.join(', ')}`);
  const eager = await rulesFor(
    'shell/src/pages/offence.ts',
    "import { contactSchema } from '@storefront/shared/validation';\nexport const s = contactSchema;\n",
  );
  assert.ok(eager.includes('no-restricted-syntax'), `got ${eager.join(', ')}`);
  const typeOnly = await rulesFor(
    'cart-checkout/src/allowed.ts',
    "import type { AnyObjectSchema } from '@storefront/shared/validation';\nexport type S = AnyObjectSchema;\n",
  );
  assert.deepEqual(typeOnly, []);
});

test('a benchmark reaches the API through its entry point, never by a path into its files', async () => {
  const deep = await rulesFor(
    'bench/api/offence.ts',
    "import { openDatabase } from '../../api/src/db/database';\nexport const o = openDatabase;\n",
  );
  assert.ok(deep.includes('import-x/no-restricted-paths'), `got ${deep.join(', ')}`);
  const packaged = await rulesFor(
    'bench/api/offence.ts',
    "import { openDatabase } from '@storefront/api/src/db/database';\nexport const o = openDatabase;\n",
  );
  assert.ok(packaged.includes('no-restricted-imports'), `got ${packaged.join(', ')}`);
  const allowed = await rulesFor(
    'bench/api/allowed.ts',
    "import { openDatabase } from '@storefront/api/bench';\nexport const o = openDatabase;\n",
  );
  assert.deepEqual(allowed, []);
});

test("an answer's data is read with dataOf(), never asserted with !", async () => {
  const offence = await rulesFor(
    'catalog/src/offence.ts',
    'export function nameOf(res: { data?: { name: string } }): string {\n  return res.data!.name;\n}\n',
  );
  assert.ok(offence.includes('no-restricted-syntax'), `got ${offence.join(', ')}`);
  const allowed = await rulesFor(
    'catalog/src/allowed.ts',
    "import { dataOf } from '@storefront/shared';\nexport function nameOf(res: { data?: { name: string } }): string {\n  return dataOf(res).name;\n}\n",
  );
  assert.deepEqual(allowed, []);
});

test('no package imports the benchmarks', async () => {
  const rules = await rulesFor(
    'api/src/offence.ts',
    "import { percentile } from '../../bench/lib/stats.mjs';\nexport const p = percentile;\n",
  );
  assert.ok(rules.includes('import-x/no-restricted-paths'), `got ${rules.join(', ')}`);
});

test('a source file over 400 lines or a function over 80 fails; a test, a route registrar or a migration may be longer', async () => {
  const body = Array.from({ length: 81 }, (_, i) => `  total += ${i};`).join('\n');
  const long = `export function long(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
  assert.ok((await rulesFor('shared/src/offence.ts', long)).includes('max-lines-per-function'));
  const file = Array.from({ length: 401 }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
  assert.ok((await rulesFor('ops/src/host/offence.ts', file)).includes('max-lines'));
  for (const allowed of ['shared/src/allowed.test.ts', 'api/src/routes/allowed.ts', 'api/src/db/migrations/999_allowed.ts']) {
    const rules = await rulesFor(allowed, long);
    assert.ok(!rules.some((r) => r.startsWith('max-lines')), `${allowed}: got ${rules.join(', ')}`);
  }
});
