import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { PANEL_CLOSE_MS } from '../constants';
import { inertOutside } from './inert';
import { useClosingState } from './useClosingState';

export interface OverlayProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  className?: string;
  /** Shown under the body (buttons). */
  footer?: ReactNode;
}

/** Open overlays, newest last: Escape closes only the one on top (a dialog opened over a drawer). */
const openStack: object[] = [];

/**
 * Escape closes; while open, the rest of the page is inert (out of reach of Tab, pointer and screen
 * reader, as aria-modal promises); focus moves into the overlay on open and returns to the opener on
 * close, once the page is live again (an inert element cannot take focus).
 */
function useOverlayFocus(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  // The latest onClose, read when Escape is pressed: a new handler must not re-run the effect (that
  // would hand focus back and take it again mid-dialog, and lose the real opener).
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  const opener = useRef<HTMLElement | null>(null);
  // Before the first paint of the dialog (an effect may run a frame later): focus never shows elsewhere.
  useLayoutEffect(() => {
    if (!open) {
      // Back to the opener in the effect of the closing commit, not in the cleanup: React restores the
      // focus it saw before a commit once the cleanups have run, which would undo a focus moved there.
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
      return undefined;
    }
    opener.current = document.activeElement as HTMLElement | null;
    const el = ref.current;
    const release = root.current ? inertOutside([root.current]) : () => undefined;
    const first = el?.querySelector<HTMLElement>(
      'input, select, textarea, button:not([data-close]), [href], [tabindex]:not([tabindex="-1"])',
    );
    (first ?? el)?.focus();
    const token = {};
    openStack.push(token);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && openStack[openStack.length - 1] === token) close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openStack.splice(openStack.indexOf(token), 1);
      release();
    };
  }, [open]);
  // Unmounted while open: the overlay's elements are gone, so nothing of React's restores focus there.
  useLayoutEffect(
    () => () => {
      if (opener.current?.isConnected) opener.current.focus();
    },
    [],
  );
  return { ref, root };
}

function Overlay({ open, onClose, title, children, className = '', footer, kind }: OverlayProps & { kind: 'modal' | 'drawer' }) {
  const { mounted, closing } = useClosingState(open, PANEL_CLOSE_MS);
  const { ref, root } = useOverlayFocus(open, onClose);
  const titleId = useId();
  if (!mounted || typeof document === 'undefined') return null;
  return createPortal(
    <div ref={root} className={`sf-overlay sf-overlay--${kind} ${closing ? 'is-closing' : 'is-open'}`}>
      <div className="sf-overlay__backdrop" onClick={onClose} aria-hidden="true" />
      <div ref={ref} className={`sf-${kind} ${className}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className={`sf-${kind}__header`}>
          <h2 id={titleId} className={`sf-${kind}__title`}>
            {title}
          </h2>
          <button type="button" className="sf-icon-button" data-close onClick={onClose} aria-label="Close">
            ×
          </button>
        </div>
        <div className={`sf-${kind}__body`}>{children}</div>
        {footer ? <div className={`sf-${kind}__footer`}>{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

/** A centred dialog (logout confirmation, cancel order, sign-up modal). */
export function Modal(props: OverlayProps) {
  return <Overlay {...props} kind="modal" />;
}

/** A side drawer sliding in from the right, closing over 300 ms (cart panel, order details). */
export function Drawer(props: OverlayProps) {
  return <Overlay {...props} kind="drawer" />;
}
