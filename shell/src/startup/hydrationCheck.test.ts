import { hydrateChecked, markupDifference } from './hydrationCheck';

describe('hydration check', () => {
  it('finds where the markups part, and ignores the Suspense boundary comments hydration removes', () => {
    expect(markupDifference('<p>a</p><!--$s--><p>b</p><!--/$s-->', '<p>a</p><p>b</p>')).toBeNull();
    const difference = markupDifference('<p>Price ₹499</p>', '<p>Price ₹599</p>', 5);
    expect(difference).toContain('at 10');
    expect(difference).toContain('₹499');
    expect(difference).toContain('₹599');
  });

  it('warns when hydration changed the markup, and only when asked to check', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const root = document.createElement('div');
    root.innerHTML = '<p>server</p>';
    hydrateChecked(root, () => (root.innerHTML = '<p>browser</p>'), true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('did not match');
    hydrateChecked(root, () => (root.innerHTML = '<p>again</p>'), false);
    hydrateChecked(root, () => undefined, true);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
