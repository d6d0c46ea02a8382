// Development log lines (issue 41): a pino JSON line becomes one short line; anything else passes as it is.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { stripVTControlCharacters } from 'node:util';
import { prettyLogs } from './lib.mjs';

async function through(name, input) {
  const out = new PassThrough();
  let text = '';
  out.setEncoding('utf8').on('data', (d) => (text += d));
  const stream = prettyLogs(name, out);
  stream.end(input);
  await new Promise((resolve) => stream.on('close', resolve));
  return stripVTControlCharacters(text);
}

test('a request line becomes one short line: time, level, process, method, url, status, duration', async () => {
  const request = {
    level: 30,
    time: Date.UTC(2026, 10, 27, 12, 4, 31),
    pid: 4242,
    hostname: 'shop-1',
    reqId: '6f1c2a-request-id',
    method: 'GET',
    url: '/shop?page=2',
    route: '/*',
    statusCode: 200,
    responseTime: 14.2,
    ip: '127.0.0.1',
    msg: 'request',
  };
  const text = await through('host', `${JSON.stringify(request)}\n`);
  const lines = text.trimEnd().split('\n');
  assert.equal(lines.length, 1);
  assert.match(lines[0], /^\[\d\d:\d\d:\d\d\] INFO: host +GET \/shop\?page=2 200 14\.2 ms$/);
  assert.doesNotMatch(lines[0], /4242|shop-1|6f1c2a|127\.0\.0\.1|"route"/);
});

test('an event keeps its message; a line that is not JSON passes unchanged', async () => {
  const event = { level: 40, time: Date.now(), pid: 1, hostname: 'h', msg: 'registry changed', remote: 'catalog' };
  const text = await through('api', `${JSON.stringify(event)}\n[api] listening on http://127.0.0.1:3100/api\n`);
  const lines = text.trimEnd().split('\n');
  assert.equal(lines.length, 2);
  assert.match(lines[0], /^\[\d\d:\d\d:\d\d\] WARN: api +registry changed .*remote.*catalog/);
  assert.equal(lines[1], '[api] listening on http://127.0.0.1:3100/api');
});
