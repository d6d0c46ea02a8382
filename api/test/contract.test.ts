import fs from 'node:fs';
import path from 'node:path';
import { makeApp, type TestApp } from './helpers';

/**
 * The OpenAPI document against docs/api-contract.md: every call the contract lists is served at its
 * method and path, and every route declares its request and response schemas.
 */

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

interface Operation {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  parameters?: { in: string; name: string }[];
  responses?: Record<string, unknown>;
  security?: unknown[];
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

const contract = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'api-contract.md'), 'utf8');
/** `| POST /customer/login | …` rows of the contract's call table, with `:slug` written as `{slug}`. */
const contractCalls = [...contract.matchAll(/^\| (GET|POST) (\/[^\s|?]+)/gm)].map((m) => ({
  method: (m[1] as string).toLowerCase(),
  path: `/api${(m[2] as string).replace(/:(\w+)/g, '{$1}')}`,
}));

describe('OpenAPI document', () => {
  let doc: Doc;
  beforeAll(async () => {
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
  });

  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('serves every call of docs/api-contract.md', () => {
    expect(contractCalls.length).toBeGreaterThanOrEqual(40);
    const missing = contractCalls.filter((c) => !doc.paths[c.path]?.[c.method]).map((c) => `${c.method.toUpperCase()} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('gives every route a response schema, every POST with input a body schema, and its security', () => {
    const problems: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const codes = Object.keys(op.responses ?? {});
        if (!codes.some((c) => c === '200' || c === '201')) problems.push(`${method} ${p}: no success response`);
        if (!p.startsWith('/api/images/') && !codes.some((c) => c.startsWith('4'))) problems.push(`${method} ${p}: no error response`);
        if (!p.startsWith('/api/images/') && !op.security?.length) problems.push(`${method} ${p}: no security`);
      }
    }
    expect(problems).toEqual([]);
    // Calls without input, and the address book's two that take theirs from the path alone.
    const noInput = [
      '/api/store-info',
      '/api/get-featured-products',
      '/api/customer/addresses/{id}/default',
      '/api/customer/addresses/{id}/delete',
    ];
    const withBody = contractCalls.filter((c) => c.method === 'post' && !noInput.includes(c.path));
    const noBody = withBody.filter((c) => !doc.paths[c.path]?.post?.requestBody).map((c) => c.path);
    expect(noBody).toEqual([]);
  });

  it('every route but images and the document refuses a missing API key; every customer route a missing bearer', async () => {
    const problems: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (p.startsWith('/api/images/')) continue;
        const url = p.replace('{slug}', 'x');
        const m = method.toUpperCase() as 'GET' | 'POST';
        const noKey = await t.app.inject({ method: m, url, ...(m === 'POST' ? { payload: {} } : {}) });
        if (noKey.statusCode !== 401) problems.push(`${m} ${p} without key: ${noKey.statusCode}`);
        const needsBearer = JSON.stringify(op.security ?? []).includes('bearer');
        const noBearer = await t.app.inject({
          method: m,
          url,
          headers: { 'x-api-key': 'test-api-key' },
          ...(m === 'POST' ? { payload: {} } : {}),
        });
        if (needsBearer && (noBearer.statusCode !== 401 || noBearer.json().message !== 'Unauthenticated'))
          problems.push(`${m} ${p} without bearer: ${noBearer.statusCode}`);
        if (!needsBearer && noBearer.statusCode === 401) problems.push(`${m} ${p} wants a bearer it does not document`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents the product list as multipart', () => {
    const content = doc.paths['/api/get-products']?.post?.requestBody?.content ?? {};
    expect(Object.keys(content)).toContain('multipart/form-data');
  });
});
