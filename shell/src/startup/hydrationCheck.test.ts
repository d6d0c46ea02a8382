import { hydrateChecked, markupDifference } from './hydrationCheck';

describe('hydration check', () => {
  it('finds where the markups part, and ignores the Suspense boundary comments hydration removes', () => {
    expect(markupDifference('<p>a</p><!--$s--><p>b</p><!--/$s-->', '<p>a</p><p>b</p>')).toBeNull();
    const difference = markupDifference('<p>Price ₹499</p>', '<p>Price ₹599</p>', 5);
    expect(difference).toContain('at 10');
    expect(difference).toContain('₹499');
    expect(difference).toContain('₹599');
  });

  it('warns when hydration changed the markup by the time its last slice hydrated, and only when asked to check', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const root = document.createElement('div');
    root.innerHTML = '<p>server</p>';
    let lastSlice!: () => void;
    const hydrated = new Promise<void>((resolve) => {
      lastSlice = resolve;
    });
    hydrateChecked(root, () => undefined, hydrated, true);
    // A slice hydrated later, in a task of its own, changed the markup.
    root.innerHTML = '<p>browser</p>';
    expect(warn).not.toHaveBeenCalled();
    lastSlice();
    await hydrated;
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('did not match');
    const done = Promise.resolve();
    hydrateChecked(root, () => (root.innerHTML = '<p>again</p>'), done, false);
    hydrateChecked(root, () => undefined, done, true);
    await done;
    await done;
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
