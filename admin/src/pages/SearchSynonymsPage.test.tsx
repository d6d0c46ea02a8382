import { screen, waitFor, within } from '@testing-library/react';
import { toastTexts } from '@storefront/shared/testing';
import { SYNONYM_MESSAGES } from '@storefront/shared/staff';
import { renderAdmin } from '../testing/renderAdmin';
import { createFakeSearchSynonymsApi, type FakeSearchSynonymsApi } from '../testing/fakeSearchSynonymsApi';

const callsOf = (api: FakeSearchSynonymsApi, method: string) => api.state.calls.filter((c) => c.method === method);
const entries = () =>
  within(screen.getByRole('list', { name: 'Search synonyms' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('search synonyms', () => {
  it('are the owner’s: a shop clerk sees no link and no synonyms, and nothing is asked of the API', async () => {
    const { synonymsApi } = renderAdmin('/admin/search-synonyms', { signedInAs: 2 });
    expect(await screen.findByRole('heading', { name: 'Owners only' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Search synonyms' })).not.toBeInTheDocument();
    expect(synonymsApi.state.calls).toEqual([]);
  });

  it('lists the entries with their kind, under a link of the owner’s navigation', async () => {
    renderAdmin('/admin/search-synonyms', { signedInAs: 1 });
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Search synonyms' })).toHaveAttribute('href', '/admin/search-synonyms');
    await screen.findByRole('listitem', { name: 'saree, sari' });
    expect(entries()).toEqual(['saree, sari', 'red: maroon, wine, crimson']);
    expect(within(screen.getByRole('listitem', { name: 'red: maroon, wine, crimson' })).getByText('includes')).toBeInTheDocument();
  });

  it('adds a valid entry and lists it, saying it reaches every search within a second', async () => {
    const { user, synonymsApi } = renderAdmin('/admin/search-synonyms', { signedInAs: 1 });
    const form = await screen.findByRole('form', { name: 'Add synonyms' });
    await user.click(within(form).getByLabelText(/^includes/));
    await user.type(within(form).getByLabelText('Words'), 'green: olive, emerald');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsOf(synonymsApi, 'add')[0]?.args.slice(0, 2)).toEqual(['includes', 'green: olive, emerald']));
    expect(await screen.findByRole('listitem', { name: 'green: olive, emerald' })).toBeInTheDocument();
    await waitFor(() => expect(toastTexts().join(' ')).toMatch(/within a second, with no reindex/));
    expect(within(form).getByLabelText('Words')).toHaveValue('');
  });

  it('checks an entry as the contract does before sending it, keeping the words', async () => {
    const { user, synonymsApi } = renderAdmin('/admin/search-synonyms', { signedInAs: 1 });
    const form = await screen.findByRole('form', { name: 'Add synonyms' });
    await user.type(within(form).getByLabelText('Words'), 'sun glasses, specs');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText(SYNONYM_MESSAGES.oneWordEach)).toBeInTheDocument();
    expect(within(form).getByLabelText('Words')).toHaveValue('sun glasses, specs');
    expect(callsOf(synonymsApi, 'add')).toHaveLength(0);
  });

  it('shows the API’s refusal under its field (the words or the kind) and keeps the words', async () => {
    const synonyms = createFakeSearchSynonymsApi({ refuseAdd: { words: SYNONYM_MESSAGES.oneWordEach } });
    const { user } = renderAdmin('/admin/search-synonyms', { signedInAs: 1, synonyms });
    const form = await screen.findByRole('form', { name: 'Add synonyms' });
    // One word to the form, two once the API normalises it as search reads it.
    await user.type(within(form).getByLabelText('Words'), 't-shirt, tee');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText(SYNONYM_MESSAGES.oneWordEach)).toBeInTheDocument();
    expect(callsOf(synonyms, 'add')).toHaveLength(1);
    expect(within(form).getByLabelText('Words')).toHaveValue('t-shirt, tee');
    expect(entries()).toEqual(['saree, sari', 'red: maroon, wine, crimson']);

    synonyms.state.refuseAdd = { kind: SYNONYM_MESSAGES.kind };
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    const kind = within(form).getByRole('group', { name: 'Kind' });
    expect(await within(kind).findByText(SYNONYM_MESSAGES.kind)).toBeInTheDocument();
    expect(within(form).getByLabelText('Words')).toHaveValue('t-shirt, tee');
  });

  it('removes an entry once the owner confirms, and keeps it when they do not', async () => {
    const { user, synonymsApi } = renderAdmin('/admin/search-synonyms', { signedInAs: 1 });
    const row = await screen.findByRole('listitem', { name: 'saree, sari' });
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    await user.click(within(row).getByRole('button', { name: 'Keep' }));
    expect(callsOf(synonymsApi, 'remove')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    await user.click(within(row).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(callsOf(synonymsApi, 'remove')[0]?.args[0]).toBe(1));
    await waitFor(() => expect(entries()).toEqual(['red: maroon, wine, crimson']));
  });
});
