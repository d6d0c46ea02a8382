import { MESSAGES } from '@storefront/shared';
import { changesDuring, createFakeApi } from '@storefront/shared/testing';
import { ProductRow } from './HomeStore';

describe('HomeStore: a product row', () => {
  it('given the same answer again (a hydrated home reads the server answer twice) it changes nothing, so nothing renders again', async () => {
    // While a page hydrates, the server's answers are handed out as they are: the same object each time.
    const answer = await createFakeApi().getNewArrivals();
    const row = new ProductRow(() => Promise.resolve(answer), MESSAGES.newArrivalsFailed);
    await row.fetch();
    expect(
      await changesDuring(
        () => row.items,
        () => row.fetch(),
      ),
    ).toEqual([]);
    expect(row.items).toHaveLength(2);
  });
});
