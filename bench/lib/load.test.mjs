// The bench's load and processes (`pnpm test:bench`): what a paced run counts and where it sends, and a
// wait that gives up as soon as the process it waits for has died. Counts only: no time is asserted.
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'node:test';
import { pacedList, pacedRun } from './paced.mjs';
import { startProcess, waitForHttp } from './processes.mjs';
import { saveResult, textTable } from './results.mjs';

/** A server answering 200 on /ok and 503 elsewhere; `hits` counts its requests. */
async function server() {
  const s = { hits: 0 };
  const srv = http.createServer((req, res) => {
    s.hits += 1;
    res.writeHead(req.url === '/ok' ? 200 : 503).end();
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  return Object.assign(s, { port: srv.address().port, close: () => new Promise((r) => srv.close(r)) });
}

test('a paced run sends rate × seconds requests, skips null beats and counts failures apart', async () => {
  const a = await server();
  const b = await server();
  const after = [];
  try {
    const figures = await pacedRun({
      port: a.port,
      ports: [a.port, b.port],
      balance: 'turn',
      rate: 200,
      seconds: 0.5,
      next: (i) => (i % 10 === 9 ? null : { method: 'GET', path: i % 10 === 8 ? '/fail' : '/ok', headers: {} }),
      after: (i, status) => void after.push(status),
    });
    assert.equal(figures.requests, 90);
    assert.equal(figures.non2xx, 10);
    assert.equal(figures.errors, 0);
    assert.equal(after.length, 90);
    // In turn: even beats to the first process, odd to the second (the skipped ones are the odd 9s).
    assert.equal(a.hits, 50);
    assert.equal(b.hits, 40);
  } finally {
    await a.close();
    await b.close();
  }
});

test('a list run (in its own thread) cycles its requests in order, shares them in turn and counts failures apart', async () => {
  const a = await server();
  const b = await server();
  try {
    const ok = { method: 'GET', path: '/ok', headers: {} };
    const figures = await pacedList({
      port: a.port,
      ports: [a.port, b.port],
      balance: 'turn',
      rate: 200,
      seconds: 0.5,
      requests: [ok, ok, { method: 'GET', path: '/fail', headers: {} }],
    });
    assert.equal(figures.requests, 100);
    // Beats 2, 5, …, 98 are the third request.
    assert.equal(figures.non2xx, 33);
    assert.equal(figures.errors, 0);
    assert.equal(a.hits, 50);
    assert.equal(b.hits, 50);
  } finally {
    await a.close();
    await b.close();
  }
});

test('the wait for a process gives up at once, with its output, when the process has exited', async () => {
  const dead = startProcess('dead', process.execPath, ['-e', 'console.log("no port for me"); process.exit(3)']);
  await new Promise((r) => dead.child.once('exit', r));
  await assert.rejects(waitForHttp('http://127.0.0.1:9/', { ms: 30_000, started: dead }), /dead exited: no port for me/);
});

test('tables align their figures to the right, and a result goes where --json names it', () => {
  assert.equal(
    textTable([
      ['call', 'p99'],
      ['list', '4.3 ms'],
    ]),
    'call     p99\nlist  4.3 ms',
  );
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-results-')), 'nested', 'r.json');
  assert.equal(saveResult('api', { p99: 4.3 }, file), file);
  assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { p99: 4.3 });
});
