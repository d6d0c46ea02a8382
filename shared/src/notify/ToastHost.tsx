import { ToastContainer } from 'react-toastify';
import { SHELL_TOAST_MS } from '../constants';

/**
 * The one toast container, mounted by the shell (spec §2): top right, closes on click, drag or its
 * close button; Alt+T focuses it (react-toastify's default hotkey).
 */
export function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={SHELL_TOAST_MS}
      closeOnClick
      draggable
      pauseOnFocusLoss={false}
      newestOnTop
      hotKeys={(e) => e.altKey && e.code === 'KeyT'}
      aria-label="Notifications Alt+T"
    />
  );
}
