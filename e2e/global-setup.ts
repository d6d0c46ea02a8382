import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The back office's owner in every e2e database (admin.spec.ts signs in as them). */
export const E2E_OWNER = { email: 'owner@e2e.example.test', name: 'E2E Owner', password: 'Owner@e2e1' };

/**
 * Adds the shop's first owner the way an owner starts a shop (README: `staff:add`), into the database the
 * web server runs on. A server reused from an earlier run (not in CI) already has them: that is fine.
 */
export default function globalSetup(): void {
  const root = path.resolve(__dirname, '..');
  const res = spawnSync(
    'pnpm',
    ['--filter', '@storefront/api', 'staff:add', '--', '--email', E2E_OWNER.email, '--name', E2E_OWNER.name, '--role', 'owner'],
    {
      cwd: root,
      input: `${E2E_OWNER.password}\n`,
      encoding: 'utf8',
      // The same database as the web server: its DB_FILE, or DATABASE_URL when the run sets one.
      env: { ...process.env, DB_FILE: process.env.E2E_DB_FILE, NODE_ENV: 'development' },
    },
  );
  const out = `${res.stdout}${res.stderr}`;
  if (res.status !== 0 && !/already/i.test(out)) throw new Error(`staff:add failed (${res.status}): ${out}`);
}
