// The API runs under Node, not jsdom: the shared base config with the node environment. Each test file
// builds its own app over a fresh SQLite file, so files run in parallel safely.
const base = require('../jest.base.cjs')(__dirname, { env: 'node' });

module.exports = {
  ...base,
  testEnvironment: 'node',
  testTimeout: 30_000,
  // light-my-request (Fastify's inject) requires `cookie` 2, which ships ESM only: let swc compile it.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?cookie[@/])'],
};
