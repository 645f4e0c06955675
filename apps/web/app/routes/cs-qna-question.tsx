import { QnaFormPage } from '../features/cs/qna-form-page';
import { useTranslation } from '../i18n/react';
import { useUser } from '../lib/use-site';
import { LoginGate } from '../ui/login-gate';

/** /cs/qna/question: ask the operators a question. Logged out: the sign-in gate. */
export default function CsQnaQuestion() {
  const { t } = useTranslation('cs');
  return (
    <LoginGate signedIn={useUser() !== null} title={t('qna.form.title')}>
      <QnaFormPage />
    </LoginGate>
  );
}
