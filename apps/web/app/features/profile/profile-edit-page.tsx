import {
  accountsEndpoints,
  type EndpointInput,
  type Envelope,
  formatFileInfo,
  NICK_LENGTH,
  PROFILE_IMAGE_SIZE,
  ResultCode,
  STATE_MEMO_MAX,
  type UploadedFileInfo,
  type UserInfo,
} from '@byeol/contract';
import { type ChangeEvent, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { checkAvailable } from '../../lib/account-api';
import { type Answer, fieldOf, isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { IMAGE_TYPES, uploadImage } from '../../lib/upload';
import { useLoginRequired } from '../../lib/use-login-required';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, primaryButton, secondaryButton, TextField } from '../../ui/fields';
import { UploadProgress } from '../../ui/upload-progress';
import { brokenRuleTexts, NewPasswordFields, newPasswordReady } from '../account';
import { MyPageFrame } from './my-page-frame';
import { ProfileImage } from './profile-image';

/**
 * Member info edit (/mypage/info): the profile image (chosen → the crop popup → uploaded with progress →
 * preview), nickname with its duplicate check, status message; and, apart, the password change. Both
 * save with user_update_proc; a refusal is shown beside the field it names.
 */
export function ProfileEditPage({ user }: { user: UserInfo }) {
  const { t } = useTranslation('profile');
  return (
    <MyPageFrame title={t('info.title')}>
      <InfoForm user={user} />
      <PasswordForm user={user} />
    </MyPageFrame>
  );
}

function InfoForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('profile');
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const loginRequired = useLoginRequired();
  const fileInput = useRef<HTMLInputElement>(null);

  const [nick, setNick] = useState(user.nick);
  const [memo, setMemo] = useState(user.state_memo);
  const [checkedNick, setCheckedNick] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [file, setFile] = useState<UploadedFileInfo | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ image?: string; nick?: string; state_memo?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const nickChanged = nick.trim() !== user.nick;
  const nickOk = !nickChanged || checkedNick === nick.trim();
  const changed = nickChanged || memo.trim() !== user.state_memo || file !== null;

  async function chooseImage(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setErrors((e) => ({ ...e, image: undefined }));
    const cropped = await dialog.cropDetailed({
      src: chosen,
      aspect: 1,
      type: 'image/webp',
      quality: 0.92,
      outputWidth: PROFILE_IMAGE_SIZE,
      title: t('image.cropTitle'),
    });
    if (!cropped) return;
    setProgress(0);
    const res = await uploadImage(cropped.blob, {
      purpose: 'profile',
      fileName: 'profile.webp',
      commKey: 'profile',
      onProgress: setProgress,
      fallback: t('image.failed'),
    });
    setProgress(null);
    if (loginRequired(res)) return;
    if (isOk(res)) setFile(res.rslt_set);
    else setErrors((e) => ({ ...e, image: res.rslt_msg || t('image.failed') }));
  }

  async function checkNick() {
    const value = nick.trim();
    setChecking(true);
    const refusal = await checkAvailable('nick', value, t('error.retry'));
    setChecking(false);
    setCheckedNick(refusal === null ? value : null);
    setErrors((e) => ({ ...e, nick: refusal ?? undefined }));
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (busy || !changed || !nickOk) return;
    setBusy(true);
    setErrors({});
    const body: EndpointInput<typeof accountsEndpoints.update> = { state_memo: memo.trim() };
    if (nickChanged) body.nick = nick.trim();
    if (file) body.temp_file_sn = file.temp_file_sn;
    const res = await send(() => api.call(accountsEndpoints.update, body), t('error.retry'));
    setBusy(false);
    if (loginRequired(res)) return;
    if (isOk(res)) {
      setFile(null);
      setCheckedNick(null);
      await revalidator.revalidate();
      dialog.toast(t('info.saved'));
      return;
    }
    const message = res.rslt_msg || t('error.retry');
    const field = fieldOf(res);
    if (res.rslt_cd === ResultCode.DUPLICATE_NICK || field === 'nick') {
      setCheckedNick(null);
      setErrors({ nick: message });
    } else if (field === 'state_memo') setErrors({ state_memo: message });
    else if (field === 'temp_file_sn' || res.rslt_cd === ResultCode.UPLOAD_NOT_FOUND) {
      setFile(null);
      setErrors({ image: message });
    } else setErrors({ form: message });
  }

  const preview = file?.temp_file_path_nm ?? user.profile_image;
  return (
    <form onSubmit={(e) => void save(e)} className="space-y-5" aria-busy={busy} noValidate>
      {/* SPEC §5: the uploaded file's info travels in a hidden field fileInfo ('||'-separated). */}
      <input type="hidden" name="fileInfo" value={file ? formatFileInfo(file) : ''} readOnly />
      <section aria-labelledby="profile-image-label" className="flex items-center gap-5">
        <ProfileImage src={preview} nick={user.nick} size="size-24" />
        <div className="min-w-0 flex-1">
          <h2 id="profile-image-label" className="mb-2 text-sm font-semibold text-neutral-800">
            {t('image.label')}
          </h2>
          <input
            ref={fileInput}
            id="profile-image-file"
            type="file"
            accept={IMAGE_TYPES}
            className="sr-only"
            aria-describedby="profile-image-msg"
            onChange={(e) => void chooseImage(e)}
          />
          <button type="button" className={secondaryButton} disabled={progress !== null} onClick={() => fileInput.current?.click()}>
            {t('image.choose')}
          </button>
          {progress !== null && (
            <UploadProgress fraction={progress} label={t('image.uploading')} text={(percent) => t('image.progress', { percent })} />
          )}
          <FieldMessages
            id="profile-image"
            errors={[errors.image ?? '']}
            success={file ? t('image.ready') : undefined}
            hint={t('image.hint')}
          />
        </div>
      </section>
      <TextField
        id="profile-nick"
        name="nick"
        label={t('info.nick')}
        autoComplete="nickname"
        maxLength={NICK_LENGTH.max * 2}
        value={nick}
        onChange={(e) => {
          setNick(e.target.value);
          setErrors((er) => ({ ...er, nick: undefined }));
        }}
        errors={[errors.nick ?? '']}
        success={nickChanged && nickOk ? t('info.nickAvailable') : undefined}
        hint={nickChanged ? t('info.needCheck') : t('info.nickHint', NICK_LENGTH)}
        action={
          <button
            type="button"
            className={secondaryButton}
            aria-label={t('info.checkLabel')}
            disabled={checking || !nickChanged || nickOk || nick.trim() === ''}
            onClick={() => void checkNick()}
          >
            {checking ? t('info.checking') : t('info.check')}
          </button>
        }
      />
      <TextField
        id="profile-memo"
        name="state_memo"
        label={t('info.memo')}
        maxLength={STATE_MEMO_MAX}
        value={memo}
        onChange={(e) => {
          setMemo(e.target.value);
          setErrors((er) => ({ ...er, state_memo: undefined }));
        }}
        errors={[errors.state_memo ?? '']}
        hint={t('info.memoHint', { max: STATE_MEMO_MAX })}
      />
      <FormError message={errors.form} />
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy || !changed || !nickOk || progress !== null}>
        {busy ? t('saving') : t('info.save')}
      </button>
    </form>
  );
}

type PasswordField = 'current_passwd' | 'passwd' | 'passwd_confirm';

function PasswordForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('profile');
  const lang = useLang();
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [values, setValues] = useState<Record<PasswordField, string>>({ current_passwd: '', passwd: '', passwd_confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<PasswordField | 'form', string[]>>>({});
  const [busy, setBusy] = useState(false);

  const ready = values.current_passwd !== '' && newPasswordReady(values.passwd, values.passwd_confirm, user.id);

  function set(name: PasswordField, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined, form: undefined }));
  }

  function refusal(res: Answer<unknown>) {
    const message = res.rslt_msg || t('error.retry');
    switch (res.rslt_cd) {
      case ResultCode.LOGIN_FAILED:
        return setErrors({ current_passwd: [message] });
      case ResultCode.PASSWORD_RULE:
        return setErrors({ passwd: [message, ...brokenRuleTexts(res, lang)] });
      case ResultCode.PASSWORD_MISMATCH:
        return setErrors({ passwd_confirm: [message] });
      default: {
        const field = fieldOf(res);
        if (field === 'current_passwd' || field === 'passwd' || field === 'passwd_confirm') return setErrors({ [field]: [message] });
        return setErrors({ form: [message] });
      }
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    const res = await send(() => api.call(accountsEndpoints.update, values), t('error.retry'));
    setBusy(false);
    if (loginRequired(res as Envelope)) return;
    if (isOk(res)) {
      setValues({ current_passwd: '', passwd: '', passwd_confirm: '' });
      dialog.toast(t('password.saved'));
      return;
    }
    refusal(res);
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-10 space-y-4 border-t border-neutral-200 pt-8" aria-busy={busy} noValidate>
      <h2 className="text-lg font-bold">{t('password.title')}</h2>
      <TextField
        id="profile-current-passwd"
        name="current_passwd"
        type="password"
        label={t('password.current')}
        autoComplete="current-password"
        maxLength={64}
        value={values.current_passwd}
        onChange={(e) => set('current_passwd', e.target.value)}
        errors={errors.current_passwd}
      />
      <NewPasswordFields
        idPrefix="profile"
        accountId={user.id}
        passwd={values.passwd}
        confirm={values.passwd_confirm}
        onPasswd={(value) => set('passwd', value)}
        onConfirm={(value) => set('passwd_confirm', value)}
        errors={errors}
        labels={{ passwd: t('password.new'), confirm: t('password.confirm'), ok: t('password.ok') }}
      />
      <FormError message={errors.form?.[0]} />
      <button type="submit" className={`${primaryButton} w-full`} disabled={!ready || busy}>
        {busy ? t('saving') : t('password.save')}
      </button>
    </form>
  );
}
