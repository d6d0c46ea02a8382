// `pnpm --filter @storefront/api staff:add --email <e-mail> --name <name> [--role owner|staff]`: adds a
// staff member on the server itself: how a shop gets its first owner (later members are added by an owner
// in the back office). The password is asked twice without echo, or read from the first line of standard
// input when that is not a terminal (never an argument: arguments show in `ps` and the shell's history).
// Uses the API's DATABASE_URL or DB_FILE. Recorded in the activity record as done from the command line.
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '@storefront/contract';
import { loadConfig, type Config } from '../config';
import { migrate, openDatabase, type DB } from '../db/database';
import { createRepositories } from '../db/repositories';
import { StaffAccounts } from '../domain/staff';
import { systemClock, type Clock } from '../lib/clock';
import { hashPassword } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { Messenger } from '../messages';
import { fields } from '../schemas';

export const USAGE = 'usage: staff:add --email <e-mail> --name <name> [--role owner|staff]   (the password is asked for)';

export class UsageError extends Error {}

export interface StaffAddArgs {
  email: string;
  name: string;
  role: StaffRole;
}

/** Reads the command line; throws UsageError with what is wrong. */
export function parseStaffAddArgs(argv: string[]): StaffAddArgs | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string', default: 'owner' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
      strict: true,
    });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const v = parsed.values;
  if (v.help) return 'help';
  const email = v.email?.trim() ?? '';
  const name = v.name?.trim() ?? '';
  if (!new RegExp(fields.email.pattern).test(email)) throw new UsageError('--email must be a valid e-mail address');
  if (name.length < fields.name.minLength || name.length > fields.name.maxLength)
    throw new UsageError(`--name must be ${fields.name.minLength} to ${fields.name.maxLength} characters`);
  const role = v.role as StaffRole;
  if (!STAFF_ROLES.includes(role)) throw new UsageError(`--role must be one of: ${STAFF_ROLES.join(', ')}`);
  return { email, name, role };
}

/** The API's password rules (spec §5), the same schema the staff routes check. */
export function passwordProblem(password: string): string | null {
  const rule = fields.password;
  if (password.length < rule.minLength) return rule['x-messages'].minLength;
  if (password.length > rule.maxLength) return rule['x-messages'].maxLength;
  if (!new RegExp(rule.pattern).test(password)) return rule['x-messages'].pattern;
  return null;
}

/** Adds the member; the command line acts without a signed-in member (null in the record). */
export async function addStaff(db: DB, config: Config, clock: Clock, args: StaffAddArgs, password: string): Promise<StaffMember> {
  const problem = passwordProblem(password);
  if (problem) throw new UsageError(`password: ${problem}`);
  const repos = createRepositories(db, clock);
  const accounts = new StaffAccounts({
    repos,
    tx: (work) => db.transaction().execute((trx) => work(createRepositories(trx, clock))),
    // Nothing is sent by adding a member: the messenger is never called here.
    messenger: new Messenger([], null, clock),
    shopName: config.shopName,
    hash: (p) => hashPassword(p, config.scrypt),
  });
  return accounts.add(null, { ...args, password });
}

/** Asks on the terminal without echo, or reads standard input's next line when it is piped. */
function askPassword(prompt: string, lines: AsyncIterator<string>): Promise<string> {
  if (!process.stdin.isTTY) return lines.next().then((r) => (r.done ? '' : r.value));
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
    let muted = false;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => {
      if (!muted) write(s);
    };
    rl.question(prompt, (answer) => {
      process.stdout.write('\n');
      rl.close();
      resolve(answer);
    });
    muted = true;
  });
}

async function main(): Promise<number> {
  const args = parseStaffAddArgs(process.argv.slice(2).filter((a) => a !== '--'));
  if (args === 'help') {
    console.log(USAGE);
    return 0;
  }
  const lines = process.stdin.isTTY ? (undefined as never) : readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const password = await askPassword('Password: ', lines);
  if (process.stdin.isTTY && (await askPassword('Password again: ', lines)) !== password) throw new UsageError('the passwords differ');
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl ?? config.dbFile, { pgPoolSize: 1 });
  try {
    await migrate(db);
    const member = await addStaff(db, config, systemClock, args, password);
    console.log(
      `[api] added ${member.role} ${member.name} <${member.email}> (staff id ${member.id}); they sign in with POST /api/staff/sign-in`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (err instanceof UsageError) console.error(`[api] staff:add: ${err.message}\n${USAGE}`);
      else if (err instanceof AppError) console.error(`[api] staff:add: ${err.message}`);
      else console.error('[api] staff:add failed:', err);
      process.exit(err instanceof UsageError ? 2 : 1);
    },
  );
}
