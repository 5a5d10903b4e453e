import { LOGIN_CALLBACK_PATH } from '../config.ts';
import { useUi } from '../state/ui.tsx';
import { Button } from './button.tsx';
import { CodeIcon } from './icons.tsx';
import { Modal } from './modal.tsx';

/** Shown on a CodeSandbox preview host (lib/sandbox.ts) until "Don't show again". */
export function LoginModal() {
  const { loginModalOpen, closeLoginModal } = useUi();
  const origin = window.location.origin;
  return (
    <Modal
      name="login-environment"
      open={loginModalOpen}
      onClose={() => closeLoginModal()}
      title="CodeSandbox Environment Detected"
      icon={<CodeIcon />}
      actions={
        <>
          <Button variant="secondary" onClick={() => closeLoginModal(true)}>
            Don't show again
          </Button>
          <Button onClick={() => closeLoginModal()}>Got it</Button>
        </>
      }
    >
      <p>
        Signing in leaves this page for the hosted sign-in page and comes back to <code>{origin}</code>. For
        that to work from a sandbox:
      </p>
      <ol>
        <li>Open the preview in its own browser tab (not inside the editor).</li>
        <li>
          Add <code>{`${origin}${LOGIN_CALLBACK_PATH}`}</code> and <code>{`${origin}/`}</code> to your OAuth
          app's redirect URIs, and <code>{origin}</code> to its allowed origins.
        </li>
      </ol>
    </Modal>
  );
}
