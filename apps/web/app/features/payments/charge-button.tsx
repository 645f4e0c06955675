import type { Currency } from '@byeol/contract';
import type { ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { primaryButton } from '../../ui/fields';
import { useSignIn } from '../../ui/sign-in';

/**
 * The "charge" button: the payment panel for a member; for a signed-out viewer the sign-in panel and nothing
 * else. Closing the panel reloads the page's data (balances, order lists). The header shows it on every
 * page: the panel (payment-panel.tsx) loads when it is pressed, not with the page (issue 20, lean pages).
 */
export function ChargeButton({
  currency = 'STAR',
  className,
  label,
  ...data
}: {
  currency?: Currency;
  className?: string;
  label?: ReactNode;
  'data-header-balance'?: number;
}) {
  const { t } = useTranslation('payments');
  const user = useUser();
  const signIn = useSignIn();
  const dialog = useDialog();
  const revalidator = useRevalidator();

  const open = async () => {
    if (!user) {
      void signIn.open();
      return;
    }
    const { PaymentPanel } = await import('./payment-panel');
    await dialog.layer<void>((close) => <PaymentPanel initial={currency} close={() => close()} />, { title: t('panel.title') });
    void revalidator.revalidate();
  };

  return (
    <button type="button" onClick={() => void open()} className={className ?? primaryButton} data-charge-button {...data}>
      {label ?? t('links.charge')}
    </button>
  );
}
