import { observer } from 'mobx-react-lite';
import { Modal, useStores } from '@storefront/shared';
import { SignUpForm } from '../../components/SignUpForm';
import '../../components/forms.css';
import './SignUpModal.css';

/**
 * The sign-up modal the shell mounts while `ui.showSignUpModal` is on (spec §2 overlays). It uses the
 * page's form; it closes through the UI store, after a successful registration too.
 */
const SignUpModal = observer(function SignUpModal() {
  const { ui } = useStores();
  // Stable: the modal re-runs its focus handling when onClose changes. (ui's actions are bound.)
  const close = ui.closeSignUpModal;
  return (
    <Modal open={ui.showSignUpModal} onClose={close} title="Create Account" className="acc-signup-modal">
      <SignUpForm idPrefix="signup-modal" onRegistered={close} />
    </Modal>
  );
});

export default SignUpModal;
