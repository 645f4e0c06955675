import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { ChooseStep, PhoneStep, RecoverySteps } from './recovery-steps';

/** /user/forgot-id: verify the phone (find_id), pick one of its accounts, log in with that ID. */
export function ForgotIdPage() {
  const { t } = useTranslation('recovery');
  const navigate = useNavigate();
  const [verifyToken, setVerifyToken] = useState('');

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="mb-2 text-2xl font-bold">{t('findId.title')}</h1>
      <p className="mb-6 text-sm text-neutral-600">{t('findId.intro')}</p>
      <RecoverySteps names={[t('steps.phone'), t('steps.choose')]} current={verifyToken ? 1 : 0} />

      {!verifyToken ? (
        <PhoneStep purpose="find_id" idPrefix="forgot-id" onVerified={setVerifyToken} />
      ) : (
        <ChooseStep
          idPrefix="forgot-id"
          verifyToken={verifyToken}
          onVerifyAgain={() => setVerifyToken('')}
          legend={t('findId.choose')}
          submitLabel={t('findId.login')}
          onChoose={(account) => void navigate('/user/login', { state: { id: account.id } })}
        >
          <p className="text-center text-sm text-neutral-600">
            {t('findId.forgotPasswd')}{' '}
            <Link to="/user/forgot-passwd" className="font-semibold text-brand underline-offset-2 hover:underline">
              {t('link.forgotPasswd')}
            </Link>
          </p>
        </ChooseStep>
      )}
    </div>
  );
}
