import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { ToastHost } from './ToastHost';
import { loadedToastify } from './toastify';

describe('ToastHost', () => {
  afterEach(() => jest.useRealTimers());

  it('downloads react-toastify at the first tap, never while the shopper only looks', async () => {
    jest.useFakeTimers();
    render(<ToastHost />);
    // Long after the page went quiet, nothing has been fetched for a toast nobody raised.
    act(() => jest.advanceTimersByTime(60_000));
    await act(async () => undefined);
    expect(loadedToastify()).toBeNull();
    jest.useRealTimers();
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(loadedToastify()).not.toBeNull());
  });
});
