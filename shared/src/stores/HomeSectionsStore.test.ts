import { changesDuring, createFakeApi } from '../testing';
import { HomeSectionsStore } from './HomeSectionsStore';

describe('HomeSectionsStore', () => {
  it('given the same answer again (a hydrated home reads the server answer twice) it changes nothing, so nothing renders again', async () => {
    // While a page hydrates, the server's answers are handed out as they are: the same object each time.
    const api = createFakeApi();
    const answer = await api.getHomeSections();
    const store = new HomeSectionsStore({ ...api, getHomeSections: () => Promise.resolve(answer) });
    await store.fetch();
    expect(
      await changesDuring(
        () => store.data,
        () => store.fetch(),
      ),
    ).toEqual([]);
    expect(store.data?.banners.length).toBeGreaterThan(0);
  });
});
