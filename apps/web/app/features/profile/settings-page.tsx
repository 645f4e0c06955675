import { ADULT_VERIFY_PATH, profileEndpoints, ResultCode, type SettingSet } from '@byeol/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { useLoginRequired } from '../../lib/use-login-required';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages } from '../../ui/fields';
import { MyPageFrame } from './my-page-frame';

type SwitchName = 'adult_broadcast_yn' | 'viewer_count_yn' | 'translation_yn';
/** A switch's text key: its name without `_yn` (`adult_broadcast_yn` → `setting.adult_broadcast.label`). */
type SettingKey<N extends string> = N extends `${infer K}_yn` ? K : never;
const SWITCHES: readonly SwitchName[] = ['adult_broadcast_yn', 'viewer_count_yn', 'translation_yn'];

/** /mypage/setting (SPEC §2): adult broadcast, viewer count and translation, each saved when switched. */
export function SettingsPage({ initial }: { initial: SettingSet }) {
  const { t } = useTranslation('profile');
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [settings, setSettings] = useState(initial);
  const [busy, setBusy] = useState<SwitchName | null>(null);
  const [errors, setErrors] = useState<Partial<Record<SwitchName, string>>>({});
  const [needsVerify, setNeedsVerify] = useState(false);

  async function toggle(name: SwitchName) {
    if (busy) return;
    const next = settings[name] === 'Y' ? 'N' : 'Y';
    setBusy(name);
    setErrors({});
    setNeedsVerify(false);
    const res = await send(() => api.call(profileEndpoints.setting, { [name]: next }), t('error.retry'));
    setBusy(null);
    if (loginRequired(res)) return;
    if (isOk(res)) {
      setSettings(res.rslt_set);
      dialog.toast(t('setting.saved'));
      return;
    }
    const field = (SWITCHES as readonly string[]).includes(fieldOf(res) ?? '') ? (fieldOf(res) as SwitchName) : name;
    setErrors({ [field]: res.rslt_msg || t('error.retry') });
    if (res.rslt_cd === ResultCode.ADULT_SETTING_NEEDS_VERIFY) setNeedsVerify(true);
  }

  return (
    <MyPageFrame title={t('setting.title')}>
      <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
        {SWITCHES.map((name) => {
          const on = settings[name] === 'Y';
          const key = name.replace(/_yn$/, '') as SettingKey<typeof name>;
          return (
            <li key={name} className="px-5 py-4" data-setting={key}>
              <div className="flex items-center justify-between gap-4">
                <div className="min-w-0">
                  <p id={`setting-${key}-label`} className="font-semibold">
                    {t(`setting.${key}.label`)}
                  </p>
                  <p className="text-sm text-neutral-500">{t(`setting.${key}.hint`)}</p>
                </div>
                <button
                  type="button"
                  role="switch"
                  aria-checked={on}
                  aria-labelledby={`setting-${key}-label`}
                  aria-describedby={`setting-${key}-msg`}
                  disabled={busy !== null}
                  onClick={() => void toggle(name)}
                  className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60 ${on ? 'bg-brand' : 'bg-neutral-300'}`}
                >
                  <span
                    className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-1'}`}
                  />
                  <span className="sr-only">{on ? t('setting.on') : t('setting.off')}</span>
                </button>
              </div>
              <FieldMessages
                id={`setting-${key}`}
                errors={[errors[name] ?? '']}
                hint={
                  name === 'adult_broadcast_yn' && settings.adult_verified_yn !== 'Y' && !needsVerify ? t('setting.adultHint') : undefined
                }
              />
              {name === 'adult_broadcast_yn' && settings.adult_verified_yn !== 'Y' && (
                <Link
                  to={ADULT_VERIFY_PATH}
                  className="mt-1 inline-block text-sm font-semibold text-brand underline-offset-2 hover:underline"
                >
                  {t('setting.adultVerify')}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </MyPageFrame>
  );
}
