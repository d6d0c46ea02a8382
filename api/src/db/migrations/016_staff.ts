import { SqliteAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>.
type Db = Kysely<unknown>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) =>
    sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
  );
}

/**
 * Issue 38: the shop's staff, apart from customers (a customer token never opens a staff route).
 * - staff: one row per person; `role` owner or staff; `disabled_at` ends every session and sign-in.
 * - staff_sessions: bearer tokens by SHA-256, with an expiry and a revocation.
 * - staff_challenges: the second factor. A right password opens a challenge (its token by SHA-256) and
 *   mails a code (by SHA-256); the challenge with its code opens a session. Tries are counted per row.
 * - staff_actions: every staff change, who, what, when, and the subject's state before and after (JSON).
 */
export async function up(db: Db): Promise<void> {
  const s = db.schema;
  await withId(db, s.createTable('staff'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'text')
    .execute();

  await withId(db, s.createTable('staff_sessions'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await s.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();

  await withId(db, s.createTable('staff_challenges'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .execute();
  await s.createIndex('staff_challenges_expires').on('staff_challenges').column('expires_at').execute();

  await withId(db, s.createTable('staff_actions'))
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('before_state', 'text')
    .addColumn('after_state', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('staff_actions_created').on('staff_actions').column('id').execute();
  await s.createIndex('staff_actions_subject').on('staff_actions').columns(['subject_type', 'subject_id']).execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of ['staff_actions', 'staff_challenges', 'staff_sessions', 'staff']) await db.schema.dropTable(t).ifExists().execute();
}
