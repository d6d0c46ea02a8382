#!/usr/bin/env node
// `storefront-ops <command>`: the ops CLI without the root script (`pnpm ops` runs the same file via tsx).
require('tsx/cjs');
const { main } = require('../src/cli/main.ts');

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (err) => {
    console.error(err);
    process.exitCode = 1;
  },
);
