import { useNavigate } from '@storefront/shared/router';
import { Modal, notify, paths, useStores } from '@storefront/shared';

/**
 * Spec §2 logout confirmation: confirming logs out and goes to /signin, replacing history. The auth
 * store resets the whole app even when the call fails (spec §4) and tells the other tabs; this only says
 * how it went.
 */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { auth } = useStores();
  const navigate = useNavigate();
  const confirm = async () => {
    onClose();
    const result = await auth.logout();
    if (result.success) notify.success(result.message);
    else notify.error(result.message);
    navigate(paths.signin, { replace: true });
  };
  return (
    <Modal open={open} onClose={onClose} title="Confirm Logout">
      <p>Are you sure you want to log out? You&apos;ll need to sign in again to access your account.</p>
      <div className="acc-dialog__actions">
        <button type="button" className="acc-btn acc-btn--primary" onClick={() => void confirm()}>
          Logout
        </button>
        <button type="button" className="acc-btn" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
