import { render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { ChunkBoundary, lazyWithPreload } from './lazy';

describe('lazily loaded chrome parts', () => {
  it('render nothing when their chunk fails, and download again on the next open', async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = false;
    const Part = lazyWithPreload(async () => {
      if (!online) throw new Error('offline');
      return { default: ({ label }: { label: string }) => <p>{label}</p> };
    });
    const ui = (
      <ChunkBoundary>
        <Suspense fallback={<span>Loading</span>}>
          <Part label="Loaded" />
        </Suspense>
      </ChunkBoundary>
    );
    const first = render(ui);
    await waitFor(() => expect(screen.queryByText('Loading')).not.toBeInTheDocument());
    expect(screen.queryByText('Loaded')).not.toBeInTheDocument();
    first.unmount();
    online = true;
    render(ui);
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
    quiet.mockRestore();
  });

  it('preload starts the download once', async () => {
    let attempts = 0;
    const Part = lazyWithPreload(async () => {
      attempts += 1;
      return { default: () => <p>Ready</p> };
    });
    Part.preload();
    Part.preload();
    render(
      <Suspense fallback={null}>
        <Part />
      </Suspense>,
    );
    expect(await screen.findByText('Ready')).toBeInTheDocument();
    expect(attempts).toBe(1);
  });
});
