import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { CLIENT_ID, DEFAULT_CLIENT_ID } from '../config.ts';
import { readFlag, shouldShowClientIdToast, writeFlag } from '../lib/flags.ts';
import { isSandboxHost } from '../lib/sandbox.ts';
import { local } from '../lib/storage.ts';

/**
 * The shell's overlays (seed section 2 and 4): the login-environment and premium-upgrade modals,
 * which open and close independently, the client-id toast, and one dismissible notice.
 */
export interface Ui {
  loginModalOpen: boolean;
  premiumModalOpen: boolean;
  clientIdToastOpen: boolean;
  notice: string | null;
  openPremiumModal(): void;
  closePremiumModal(): void;
  /** Closes the login modal; with `dontShowAgain` it never opens again in this browser. */
  closeLoginModal(dontShowAgain?: boolean): void;
  closeClientIdToast(): void;
  showNotice(message: string): void;
  clearNotice(): void;
}

const UiContext = createContext<Ui | null>(null);

export function UiProvider({ children, hostname }: { children: ReactNode; hostname: string }) {
  const [loginModalOpen, setLoginModalOpen] = useState(
    () => isSandboxHost(hostname) && !readFlag(local, 'loginModalDismissed'),
  );
  const [premiumModalOpen, setPremiumModalOpen] = useState(false);
  const [clientIdToastOpen, setClientIdToastOpen] = useState(() =>
    shouldShowClientIdToast(CLIENT_ID, DEFAULT_CLIENT_ID, local),
  );
  const [notice, setNotice] = useState<string | null>(null);

  const closeLoginModal = useCallback((dontShowAgain = false) => {
    if (dontShowAgain) writeFlag(local, 'loginModalDismissed');
    setLoginModalOpen(false);
  }, []);
  const closeClientIdToast = useCallback(() => {
    writeFlag(local, 'clientIdToastClosed');
    setClientIdToastOpen(false);
  }, []);

  const value = useMemo<Ui>(
    () => ({
      loginModalOpen,
      premiumModalOpen,
      clientIdToastOpen,
      notice,
      openPremiumModal: () => setPremiumModalOpen(true),
      closePremiumModal: () => setPremiumModalOpen(false),
      closeLoginModal,
      closeClientIdToast,
      showNotice: setNotice,
      clearNotice: () => setNotice(null),
    }),
    [loginModalOpen, premiumModalOpen, clientIdToastOpen, notice, closeLoginModal, closeClientIdToast],
  );
  return <UiContext.Provider value={value}>{children}</UiContext.Provider>;
}

export function useUi(): Ui {
  const ui = useContext(UiContext);
  if (!ui) throw new Error('useUi outside UiProvider');
  return ui;
}
