// `npm run start:prod` as an owner runs it (issue 41): from a settings file (PostgreSQL, two API processes,
// cash on delivery only) it checks, migrates and serves; a cash-on-delivery order goes through the host;
// one API process killed with SIGKILL is restarted by the supervisor while the shop keeps answering; SIGTERM
// stops everything cleanly. Needs TEST_DATABASE_URL (a role that may create databases); skipped without it.
// Ports: SERVE_TEST_PORT (18080) for the host, SERVE_TEST_API_PORT (13100) and the next one for the API.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT } from './lib.mjs';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const SKIP = ADMIN_URL ? false : 'TEST_DATABASE_URL is not set: start:prod runs on PostgreSQL (README "PostgreSQL")';
if (SKIP) console.log(`# start:prod test skipped: ${SKIP}`);

const PORT = Number(process.env.SERVE_TEST_PORT || 18080);
const API_PORT = Number(process.env.SERVE_TEST_API_PORT || 13100);
const SHOP = `http://127.0.0.1:${PORT}`;
const API_KEY = randomBytes(12).toString('hex');
const STORE_TOKEN = randomBytes(12).toString('hex');

// `pg` is the API's own driver: no package of the root's for one test.
const { Client } = createRequire(path.join(ROOT, 'api', 'package.json'))('pg');
const dbName = `serve_test_${process.pid}_${Date.now()}`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-serve-'));

/** @type {import('node:child_process').ChildProcess} */
let serve;
/** Every JSON line the supervisor printed, and waiters for the next that matches. */
const events = [];
const waiters = [];
let output = '';

function admin(sql) {
  const client = new Client({ connectionString: ADMIN_URL });
  return client.connect().then(() => client.query(sql).finally(() => client.end()));
}

function nextEvent(match, ms) {
  const seen = events.find(match);
  if (seen) return Promise.resolve(seen);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no supervisor line matched in ${ms} ms; output:\n${output.slice(-4000)}`)), ms);
    waiters.push({
      match,
      resolve: (e) => {
        clearTimeout(timer);
        resolve(e);
      },
    });
  });
}

function onLine(line) {
  output += `${line}\n`;
  let e;
  try {
    e = JSON.parse(line);
  } catch {
    return;
  }
  if (e.name !== 'supervisor') return;
  events.push(e);
  for (const w of [...waiters]) {
    if (w.match(e)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(e);
    }
  }
}

async function call(method, url, body, token) {
  const headers = { 'x-api-key': API_KEY, 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${SHOP}/api${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json().catch(() => null) };
}

before(async () => {
  if (SKIP) return;
  await admin(`create database ${dbName}`);
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${dbName}`;
  // What an owner's .env holds for a cash-on-delivery shop (see .env.example), with test addresses.
  const settings = `# a cash-on-delivery shop on PostgreSQL, two API processes
NODE_ENV=production
STORE_URL=${SHOP}
SHOP_NAME="Test Kirana"
HOST=127.0.0.1
PORT=${PORT}
API_PORT=${API_PORT}
API_INSTANCES=2
DATABASE_URL=${databaseUrl}
PG_POOL_SIZE=4
API_KEY=${API_KEY}
STORE_TOKEN=${STORE_TOKEN}
SMS_WEBHOOK_URL=http://127.0.0.1:9/sms
SMS_WEBHOOK_AUTH="authkey: test"
SMTP_URL=smtp://127.0.0.1:9
MAIL_FROM="Test Kirana <orders@shop.example.in>"
PAYMENT_PROVIDER=none
INVOICE_LEGAL_NAME="Test Kirana Stores"
INVOICE_ADDRESS="5, Market Road, Pune 411001"
INVOICE_STATE=Maharashtra
INVOICE_GSTIN=27AAACB5678D1ZP
IMAGE_DIR=${path.join(dir, 'images')}
DEPLOY_ROOT=${path.join(dir, 'deploy')}
SHUTDOWN_TIMEOUT_MS=3000
`;
  const envFile = path.join(dir, 'shop.env');
  writeFileSync(envFile, settings, { mode: 0o600 });
  // Its own process group: whatever the test leaves behind is stopped at the end, and only that.
  serve = spawn(process.execPath, ['scripts/serve.mjs', '--env-file', envFile, '--skip-install', '--skip-build'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: '' },
  });
  let partial = '';
  const read = (chunk) => {
    partial += chunk;
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const l of lines) onLine(l);
  };
  serve.stdout.setEncoding('utf8').on('data', read);
  serve.stderr.setEncoding('utf8').on('data', read);
});

after(async () => {
  if (SKIP) return;
  if (serve && serve.exitCode === null) {
    try {
      process.kill(-serve.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await admin(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

test(
  'start:prod serves a cash-on-delivery shop on two API processes and restarts one killed with SIGKILL',
  { skip: SKIP, timeout: 300_000 },
  async (t) => {
    const up = await nextEvent((e) => /the shop answers at/.test(e.msg), 240_000);
    assert.equal(up.url, SHOP);
    assert.deepEqual(up.api, [`http://127.0.0.1:${API_PORT}`, `http://127.0.0.1:${API_PORT + 1}`]);

    // Cash on delivery only: the store says so, and an order is placed through the host.
    const info = await call('POST', '/store-info', {});
    assert.equal(info.status, 200);
    assert.deepEqual(info.body.data.payment_methods, ['cod']);
    const email = `owner.${Date.now()}@example.in`;
    const reg = await call('POST', '/customer/register', {
      firstName: 'Asha',
      lastName: 'Verma',
      email,
      password: 'Secret@1',
      mobile: '9812345678',
    });
    assert.equal(reg.status, 201, JSON.stringify(reg.body));
    const token = reg.body.data.token;
    const products = await call('POST', '/get-products', {});
    const product = products.body.data.products.find((p) => p.in_stock && p.variations?.length);
    assert.ok(product, 'an in-stock product with variations');
    const variant = product.variations.find((v) => v.stock > 0);
    const added = await call(
      'POST',
      '/customer/add-to-cart',
      { id: variant.id, product_id: product.id, quantity: 1, retailer_id: 1, wholesaler_id: null },
      token,
    );
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const address = {
      email,
      firstname: 'Asha',
      lastname: 'Verma',
      address: '221B, MG Road',
      pincode: '560001',
      city: 'Bengaluru',
      state: 'Karnataka',
    };
    const prepaid = await call('POST', '/checkout1', { ...address, payment_method: 'prepaid' }, token);
    assert.equal(prepaid.status, 400);
    const placed = await call('POST', '/checkout1', { ...address, payment_method: 'cod' }, token);
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    assert.equal((await call('POST', '/payment/start', { payment_id: 'pay_x' }, token)).status, 404);

    // SIGKILL one API process: nothing it can catch. The supervisor starts it again and, meanwhile, the host
    // sends every request to the other.
    const first = events.find((e) => e.msg === 'api-1 started');
    assert.ok(first?.childPid, 'api-1 started with a pid');
    process.kill(first.childPid, 'SIGKILL');
    const killedAt = Date.now();
    const restarted = nextEvent((e) => e.msg === 'api-1 started' && e.childPid !== first.childPid, 30_000);
    const answers = [];
    let done = false;
    void restarted.finally(() => (done = true)).catch(() => undefined);
    while (!done) {
      answers.push((await call('POST', '/store-info', {})).status);
      await new Promise((r) => setTimeout(r, 50));
    }
    const again = await restarted;
    t.diagnostic(`${answers.length} answers through the host while api-1 was down, all 200`);
    assert.equal(again.restarts, 1);
    assert.ok(answers.length > 0 && answers.every((s) => s === 200), `answers while api-1 was down: ${answers.join(',')}`);
    t.diagnostic(`api-1: pid ${first.childPid} killed, pid ${again.childPid} started ${again.time - killedAt} ms later`);
    assert.ok(
      events.some((e) => e.msg.startsWith('api-1 exited (SIGKILL)')),
      'the supervisor says why it restarted',
    );

    // The new process answers on its own port, and the order is there.
    let healthy = false;
    for (let i = 0; i < 120 && !healthy; i += 1) {
      healthy = await fetch(`http://127.0.0.1:${API_PORT}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(healthy, 'the restarted api-1 answers its /healthz');
    const orders = await call('GET', '/customer/orders', undefined, token);
    assert.equal(orders.status, 200);
    assert.equal(orders.body.data.length, 1);
    assert.equal(orders.body.data[0].payment_method, 'cod');

    // SIGTERM: the host drains, then the API processes; the supervisor exits 0.
    const exited = new Promise((resolve) => serve.once('exit', (code, signal) => resolve({ code, signal })));
    serve.kill('SIGTERM');
    assert.deepEqual(await exited, { code: 0, signal: null });
    assert.ok(events.some((e) => e.msg === 'host stopped') && events.some((e) => e.msg === 'api-2 stopped'));
  },
);
