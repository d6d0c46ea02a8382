import { observer } from 'mobx-react-lite';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from '@storefront/shared/router';
import { Modal, notify, paths, useStores } from '@storefront/shared';
import { useFocusTrap } from './useFocusTrap';
import './LogoutDialog.css';

export interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Spec §2 'Confirm Logout'. Confirming logs out through the shared auth store (which resets the whole
 * app even when the call fails, spec §4), goes to /signin replacing history, and toasts
 * 'Logout successful' or 'Logout failed' (or the server's own message).
 */
const LogoutDialog = observer(function LogoutDialog({ open, onClose }: LogoutDialogProps) {
  const { auth } = useStores();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  useFocusTrap(open, body);
  const busyRef = useRef(false);
  busyRef.current = busy;
  // Stable, and ignored while the logout call runs (the shared Modal re-runs its focus effect on change).
  const dismiss = useCallback(() => {
    if (!busyRef.current) onClose();
  }, [onClose]);

  const confirm = async () => {
    setBusy(true);
    const result = await auth.logout();
    setBusy(false);
    onClose();
    navigate(paths.signin, { replace: true });
    if (result.success) notify.success(result.message, { flow: 'shell' });
    else notify.error(result.message, { flow: 'shell' });
  };

  return (
    <Modal open={open} onClose={dismiss} title="Confirm Logout" className="sh-logout">
      <div ref={body}>
        <p className="sh-logout__text">Are you sure you want to log out? You&apos;ll need to sign in again to access your account.</p>
        <div className="sh-logout__actions">
          <button type="button" className="sf-button sf-button--ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="sf-button" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
            {busy ? 'Logging out…' : 'Logout'}
          </button>
        </div>
      </div>
    </Modal>
  );
});

export default LogoutDialog;
