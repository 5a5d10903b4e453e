import { useOwnerLinks } from '../hooks/use-owner-links.ts';
import { useUi } from '../state/ui.tsx';
import { Button, buttonClass } from './button.tsx';
import { CardIcon, ExternalIcon } from './icons.tsx';
import { Modal } from './modal.tsx';

/** Opened when a checkout cannot start (ONLINE_PAYMENTS_NOT_ENABLED or any other failure). */
export function PremiumModal() {
  const { premiumModalOpen, closePremiumModal } = useUi();
  const links = useOwnerLinks();
  return (
    <Modal
      name="premium"
      open={premiumModalOpen}
      onClose={closePremiumModal}
      title="Upgrade this site to accept payments online"
      icon={<CardIcon />}
      actions={
        <>
          <Button variant="secondary" onClick={closePremiumModal}>
            Not now
          </Button>
          <a
            className={buttonClass('primary')}
            href={links.paymentSettings}
            target="_blank"
            rel="noopener noreferrer"
          >
            Upgrade Now <ExternalIcon />
            <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        </>
      }
    >
      <p>
        Checkout needs an online payment method, and this site has none turned on yet. The site owner can
        enable one in the site's payment settings; then shoppers can pay on the hosted checkout page.
      </p>
    </Modal>
  );
}
