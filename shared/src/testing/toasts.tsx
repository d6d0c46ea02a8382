import { act, render, waitFor } from '@testing-library/react';
import * as toastify from 'react-toastify';
import { ToastHost } from '../notify/ToastHost';
import { primeToastify, requestToastHost } from '../notify/toastify';

// Tests render toasts synchronously, as a page does once react-toastify has loaded.
primeToastify(toastify);
requestToastHost();
const { toast } = toastify;

/** Texts of the toasts on screen now. */
export function toastTexts(): string[] {
  return Array.from(document.querySelectorAll('.Toastify__toast')).map((t) => t.textContent ?? '');
}

/**
 * Mounts the real toast host for tests of stores that notify (no module mocks: the toasts are read
 * from the DOM as a shopper would see them). Returns helpers to wait for and clear them.
 */
export function mountToasts() {
  const view = render(<ToastHost />);
  return {
    /** Waits until a toast with exactly this text is shown. */
    expectToast: (text: string) => waitFor(() => expect(toastTexts()).toContain(text)),
    clear: () => act(() => toast.dismiss()),
    unmount: () => view.unmount(),
  };
}
