// The API runs under Node, not jsdom: the shared base config with the node environment. Each test file
// builds its own app over a fresh SQLite file, so files run in parallel safely.
const base = require('../jest.base.cjs')(__dirname, { env: 'node' });

module.exports = {
  ...base,
  testEnvironment: 'node',
  testTimeout: 30_000,
  // ESM-only packages compiled by swc like our own files: `cookie` 2 (light-my-request, Fastify's inject
  // requires it) and kysely 0.29.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(cookie|kysely)[@/])'],
};
