// Issue 36: the owner edits the shop's search synonyms in the back office. Owner only; every entry checked
// with the contract's messages (422, the words' field error); each change one transaction recorded with
// who made it, and used by every API process's searches after its next look at the change log. Runs on
// SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { SYNONYM_MESSAGES, type ProductPage, type SearchSynonymWire, type StaffAction } from '@storefront/contract';
import { get, makeApp, makeSecondApp, ok, post, type TestApp } from './helpers';
import { staffToken } from './staffHelpers';
import { DEFAULT_SYNONYMS } from '../src/db/seed/synonyms';
import { synonymCheck } from '../src/db/repositories/synonyms';

let t: TestApp;
let second: Awaited<ReturnType<typeof makeSecondApp>>;
let owner: string;
let ownerEmail: string;
let clerk: string;

beforeAll(async () => {
  // The change log read before every catalogue read (as search.test does): the other process's next look.
  t = await makeApp({ catalogCache: { entries: 500, ttlMs: 60_000, pollMs: 0 } });
  second = await makeSecondApp(t);
  ({ token: owner, email: ownerEmail } = await staffToken(t, 'owner'));
  ({ token: clerk } = await staffToken(t, 'staff'));
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const list = async () => ok(await get<{ synonyms: SearchSynonymWire[] }>(t.app, '/staff/search-synonyms', { token: owner })).synonyms;
const add = (kind: string, words: string, token = owner) =>
  post<{ synonym: SearchSynonymWire }>(t.app, '/staff/search-synonyms', { kind, words }, { token });
const remove = (id: number, token = owner) => post(t.app, `/staff/search-synonyms/${id}/remove`, {}, { token });
/** The search as the other API process answers it (its own cache), after its next look at the change log. */
const elsewhere = async (text: string) => ok(await post<ProductPage>(second.app, '/search-products', { search: text }));
const lastAction = async () => ok(await get<{ actions: StaffAction[] }>(t.app, '/staff/activity?limit=1', { token: owner })).actions[0];

describe('search synonyms in the back office', () => {
  it('lists the shop defaults, every one of which the checks accept', async () => {
    const entries = await list();
    expect(entries.map(({ kind, words }) => ({ kind, words }))).toEqual(DEFAULT_SYNONYMS.map(({ kind, words }) => ({ kind, words })));
    expect(DEFAULT_SYNONYMS.filter((s) => synonymCheck(s.kind, s.words) !== null)).toEqual([]);
  });

  it('adds an entry every API process searches with, recorded with who added it, and removes it', async () => {
    // "dhoop" is a brand of sunglasses: "chashma" (spectacles in Hindi) finds nothing yet.
    expect((await elsewhere('chashma')).total).toBe(0);
    const added = ok(await add('same', ' sunglasses, chashma ')).synonym;
    expect(added).toMatchObject({ kind: 'same', words: 'sunglasses, chashma' });
    expect((await list()).at(-1)).toEqual(added);
    const found = await elsewhere('chashma');
    expect(found.total).toBeGreaterThan(0);
    expect(found.products.every((p) => p.sub_category_name === 'Sunglasses')).toBe(true);
    expect(await lastAction()).toMatchObject({
      action: 'search-synonym.add',
      subject_id: String(added.id),
      staff: { email: ownerEmail },
    });

    ok(await remove(added.id));
    expect((await elsewhere('chashma')).total).toBe(0);
    expect(await lastAction()).toMatchObject({ action: 'search-synonym.remove', subject_id: String(added.id) });
    expect((await remove(added.id)).status).toBe(404);
  });

  it.each([
    ['same', 'sunglasses', SYNONYM_MESSAGES.twoWords],
    ['same', 'sun glasses, specs', SYNONYM_MESSAGES.oneWordEach],
    ['same', 'sunglasses, 😎', SYNONYM_MESSAGES.oneWordEach],
    ['includes', 'red, maroon', SYNONYM_MESSAGES.includesShape],
    ['same', '   ', SYNONYM_MESSAGES.wordsRequired],
    ['same', `a, ${'b'.repeat(300)}`, SYNONYM_MESSAGES.wordsTooLong],
  ])('refuses %s "%s" with the words field error, adding nothing', async (kind, words, message) => {
    const before = await list();
    const res = await add(kind, words);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors?.words).toBe(message);
    expect(await list()).toEqual(before);
  });

  it('refuses a kind it does not know', async () => {
    const res = await add('opposite', 'hot, cold');
    expect(res.status).toBe(400);
    expect(res.body.errors?.kind).toBe(SYNONYM_MESSAGES.kind);
  });

  it('is the owner’s alone', async () => {
    expect((await get(t.app, '/staff/search-synonyms', { token: clerk })).status).toBe(403);
    expect((await add('same', 'saree, sari', clerk)).status).toBe(403);
    expect((await remove(1, clerk)).status).toBe(403);
    expect((await get(t.app, '/staff/search-synonyms')).status).toBe(401);
  });
});
