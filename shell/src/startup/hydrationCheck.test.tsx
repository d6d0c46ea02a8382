import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { reportHydrationError } from './hydrationCheck';

function Price({ amount }: { amount: number }) {
  return <p>Price ₹{amount}</p>;
}

describe('hydration check', () => {
  it('says on the console when the first render in the browser does not match the server markup', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Price amount={499} />);
    document.body.append(root);
    await act(async () => {
      hydrateRoot(root, <Price amount={599} />, { onRecoverableError: reportHydrationError });
    });
    const said = error.mock.calls.map((c) => String(c[0])).filter((line) => line.startsWith('[storefront] hydration'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('did not match');
    expect(root.textContent).toBe('Price ₹599');
    error.mockRestore();
    root.remove();
  });

  it('stays quiet when the markups match', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Price amount={499} />);
    await act(async () => {
      hydrateRoot(root, <Price amount={499} />, { onRecoverableError: reportHydrationError });
    });
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
