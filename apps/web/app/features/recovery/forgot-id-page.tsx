import { ResultCode } from '@byeol/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PhoneVerify } from '../account/phone-verify';
import { AccountChooser } from './account-chooser';
import { SignUpOffer, StepList, VerifiedAccounts } from './recovery-steps';

/** /user/forgot-id: verify the phone (find_id), pick one of its accounts, log in with that ID. */
export function ForgotIdPage() {
  const { t } = useTranslation('recovery');
  const navigate = useNavigate();
  const [verifyToken, setVerifyToken] = useState('');
  const [unregistered, setUnregistered] = useState(false);

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="mb-2 text-2xl font-bold">{t('findId.title')}</h1>
      <p className="mb-6 text-sm text-neutral-600">{t('findId.intro')}</p>
      <StepList names={[t('steps.phone'), t('steps.choose')]} current={verifyToken ? 1 : 0} />

      {!verifyToken ? (
        <section aria-labelledby="forgot-id-phone-title" className="space-y-4">
          <h2 id="forgot-id-phone-title" className="sr-only">
            {t('steps.phone')}
          </h2>
          <PhoneVerify
            purpose="find_id"
            idPrefix="forgot-id-phone"
            sendPath="/user/find_id_pw_phone_no_proc"
            onSendRefused={(code) => setUnregistered(code === ResultCode.PHONE_UNREGISTERED)}
            onVerified={(token) => {
              setUnregistered(false);
              setVerifyToken(token);
            }}
          />
          {unregistered && <SignUpOffer />}
        </section>
      ) : (
        <section aria-labelledby="forgot-id-choose-title" className="space-y-4">
          <h2 id="forgot-id-choose-title" className="sr-only">
            {t('steps.choose')}
          </h2>
          <VerifiedAccounts verifyToken={verifyToken} onVerifyAgain={() => setVerifyToken('')}>
            {(accounts) => (
              <AccountChooser
                accounts={accounts}
                legend={t('findId.choose')}
                submitLabel={t('findId.login')}
                onChoose={(account) => void navigate('/user/login', { state: { id: account.id } })}
              />
            )}
          </VerifiedAccounts>
          <p className="text-center text-sm text-neutral-600">
            {t('findId.forgotPasswd')}{' '}
            <Link to="/user/forgot-passwd" className="font-semibold text-brand underline-offset-2 hover:underline">
              {t('link.forgotPasswd')}
            </Link>
          </p>
        </section>
      )}
    </div>
  );
}
