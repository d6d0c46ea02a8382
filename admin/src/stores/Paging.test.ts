import { Paging } from './Paging';

describe('Paging', () => {
  it('counts pages from the answer, at least one, in the size the server used', () => {
    const paging = new Paging(25, async () => undefined);
    expect(paging.pages).toBe(1);
    paging.took({ total: 41, per_page: 20 });
    expect(paging).toMatchObject({ total: 41, perPage: 20, pages: 3 });
    paging.took(undefined);
    expect(paging).toMatchObject({ total: 0, perPage: 20, pages: 1 });
  });

  it('loads the page asked for, kept within the pages there are, and restarts at page one', async () => {
    const asked: number[] = [];
    const paging: Paging = new Paging(10, async () => {
      asked.push(paging.page);
    });
    paging.took({ total: 35 });
    await paging.goTo(9);
    await paging.goTo(0);
    await paging.goTo(2);
    await paging.restart();
    expect(asked).toEqual([4, 1, 2, 1]);
  });
});
