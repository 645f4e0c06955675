import {
  ADULT_VERIFY_PATH,
  isStreamRefusal,
  LIVE_HEALTH,
  maskStreamKey,
  QUALITIES,
  type Quality,
  ResultCode,
  resultMessage,
  STREAM_REFUSAL_PARAMS,
  STREAM_SETTING_FIELDS,
  STREAM_TAG_MAX,
  STREAM_TAGS_MAX,
  STREAM_TITLE_MAX,
  type StreamInfo,
  type StreamMc,
  type StreamSettingField,
  StreamSettingSchema,
  streamEndpoints,
} from '@byeol/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { copyText } from '../../lib/copy';
import { kstDate } from '../../lib/format';
import { useLoginRequired } from '../../lib/use-login-required';
import { useLang, useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, primaryButton, secondaryButton, TextField } from '../../ui/fields';
import { MyChannelShortcuts, MyPageFrame } from '../profile';
import { LiveDashboard } from './live-dashboard';
import { McPicker } from './mc-picker';

type Flag = 'adult_yn' | 'record_yn' | 'login_required_yn';
const FLAGS = [
  { name: 'adult_yn', label: 'settings.adult', hint: 'settings.adultHint' },
  { name: 'record_yn', label: 'settings.record', hint: 'settings.recordHint' },
  { name: 'login_required_yn', label: 'settings.loginRequired', hint: 'settings.loginRequiredHint' },
] as const satisfies readonly { name: Flag; label: string; hint: string }[];

interface Form {
  title: string;
  tags: string;
  qualities: Quality[];
  adult_yn: boolean;
  record_yn: boolean;
  login_required_yn: boolean;
  mc: StreamMc | null;
}

function formOf(info: StreamInfo): Form {
  const s = info.settings;
  return {
    title: s.title,
    tags: s.tags.join(', '),
    qualities: s.qualities,
    adult_yn: s.adult_yn === 'Y',
    record_yn: s.record_yn === 'Y',
    login_required_yn: s.login_required_yn === 'Y',
    mc: s.mc,
  };
}

const yn = (v: boolean): 'Y' | 'N' => (v ? 'Y' : 'N');

/** A read-only value with a copy button (the RTMP URL, the key). */
function CopyRow({ id, label, value, children }: { id: string; label: string; value: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-neutral-800">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          readOnly
          value={value}
          spellCheck={false}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-neutral-300 bg-neutral-50 px-3 py-2 font-mono text-sm"
          data-copy-value={id}
        />
        {children}
      </div>
    </div>
  );
}

/**
 * The overlay URLs for an OBS browser source (docs/chat-protocol.md, "Effects overlay"): built on the BJ's
 * ID, so they follow the BJ from one broadcast to the next and never need changing.
 */
function OverlayUrls({ bjId }: { bjId: string }) {
  const { t } = useTranslation('stream');
  const dialog = useDialog();
  // The page's origin is known in the browser only; the server renders the path.
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  const urls = [
    { id: 'overlay-effects', label: t('overlay.effects'), value: `${origin}/play/${encodeURIComponent(bjId)}/effects` },
    { id: 'overlay-full', label: t('overlay.full'), value: `${origin}/play/${encodeURIComponent(bjId)}/effects/full` },
  ];
  return (
    <section aria-labelledby="overlay-title" className="mt-6 space-y-4 rounded-2xl border border-neutral-200 p-5" data-overlay-urls>
      <h2 id="overlay-title" className="text-lg font-bold">
        {t('overlay.title')}
      </h2>
      <p className="text-sm text-neutral-600">{t('overlay.hint')}</p>
      {urls.map((u) => (
        <CopyRow key={u.id} id={u.id} label={u.label} value={u.value}>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void copyText(u.value).then((done) => done && dialog.toast(t('overlay.copied')))}
          >
            {t('overlay.copy')}
          </button>
        </CopyRow>
      ))}
    </section>
  );
}

/**
 * /mypage/stream (SPEC §2): where OBS sends the stream (the RTMP URL and the key, hidden until revealed,
 * copy buttons, regenerate after a confirm), the stream settings (update_stream_settinge_proc) and the
 * live status.
 */
export function StreamPage({ initial }: { initial: StreamInfo }) {
  const { t } = useTranslation('stream');
  const lang = useLang();
  const user = useUser();
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [info, setInfo] = useState(initial);
  const [fullKey, setFullKey] = useState<string | null>(null);
  const [keyBusy, setKeyBusy] = useState(false);
  const [keyError, setKeyError] = useState('');
  const [form, setForm] = useState<Form>(() => formOf(initial));
  const [errors, setErrors] = useState<Partial<Record<StreamSettingField, string>>>({});
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);
  const [needsVerify, setNeedsVerify] = useState(false);
  const live = info.live;
  /** The broadcast whose end the dashboard saw (its final figures stay shown). */
  const [ended, setEnded] = useState<string | null>(null);
  const onAir = live !== null && ended !== live.vod_key;

  // Off air: the page notices a new broadcast (OBS started) without a reload, and shows its dashboard.
  useEffect(() => {
    if (onAir) return;
    let stopped = false;
    const timer = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      void api.call(streamEndpoints.info, {}).then(
        (res) => {
          const next = res.rslt_cd === 0 ? res.rslt_set.live : null;
          if (!stopped && next && next.vod_key !== live?.vod_key) setInfo((prev) => ({ ...prev, live: next }));
        },
        () => {},
      );
    }, LIVE_HEALTH.refreshMs * 2);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [onAir, live?.vod_key]);

  /** The whole key: from a reveal already made, else read now (reveal=Y). */
  async function readKey(): Promise<string | null> {
    if (fullKey) return fullKey;
    const res = await send(() => api.call(streamEndpoints.info, { reveal: 'Y' }), t('error.retry'));
    if (loginRequired(res)) return null;
    if (!isOk(res)) {
      setKeyError(res.rslt_msg || t('error.retry'));
      return null;
    }
    // The page keeps only the masked key; the whole one lives in fullKey while shown.
    setInfo({ ...res.rslt_set, stream_key: maskStreamKey(res.rslt_set.stream_key) });
    return res.rslt_set.stream_key;
  }

  async function toggleReveal() {
    if (keyBusy) return;
    setKeyError('');
    if (fullKey) {
      setFullKey(null);
      return;
    }
    setKeyBusy(true);
    const key = await readKey();
    setKeyBusy(false);
    if (key) setFullKey(key);
  }

  async function copy(what: 'server' | 'key') {
    setKeyError('');
    const text = what === 'server' ? info.rtmp_url : await readKey();
    if (!text) return;
    if (await copyText(text)) dialog.toast(t(`${what}.copied`));
    else setKeyError(t('key.copyFailed'));
  }

  async function regenerate() {
    if (keyBusy) return;
    setKeyError('');
    if (!(await dialog.confirm(t('key.regenerateConfirm')))) return;
    setKeyBusy(true);
    const revealed = fullKey !== null;
    const res = await send(() => api.call(streamEndpoints.regenerateKey, { reveal: 'Y' }), t('error.retry'));
    setKeyBusy(false);
    if (loginRequired(res)) return;
    if (!isOk(res)) {
      setKeyError(res.rslt_msg || t('error.retry'));
      return;
    }
    const key = res.rslt_set.stream_key;
    // The answer carries the whole new key; the page shows it only if the old one was shown.
    setFullKey(revealed ? key : null);
    setInfo({ ...res.rslt_set, stream_key: revealed ? key : maskStreamKey(key) });
    dialog.toast(t('key.regenerated'));
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (saving) return;
    setErrors({});
    setFormError('');
    setNeedsVerify(false);
    const body = {
      title: form.title,
      tags: form.tags,
      qualities: form.qualities.join(','),
      adult_yn: yn(form.adult_yn),
      record_yn: yn(form.record_yn),
      login_required_yn: yn(form.login_required_yn),
      mc_user_key: String(form.mc?.user_key ?? 0),
    };
    // The same schema as the server: the same message, without a round trip.
    const checked = StreamSettingSchema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = String(issue?.path[0] ?? '') as StreamSettingField;
      const code = issue?.message ?? '';
      if (isStreamRefusal(code) && STREAM_SETTING_FIELDS.includes(field)) {
        setErrors({ [field]: resultMessage(code, lang, STREAM_REFUSAL_PARAMS[code]) });
        return;
      }
    }
    if (form.adult_yn && info.adult_verified_yn !== 'Y') {
      setErrors({ adult_yn: resultMessage('STREAM_ADULT_NEEDS_VERIFY', lang) });
      setNeedsVerify(true);
      return;
    }
    setSaving(true);
    const res = await send(() => api.call(streamEndpoints.updateSettings, body), t('error.retry'));
    setSaving(false);
    if (loginRequired(res)) return;
    if (isOk(res)) {
      setInfo((prev) => ({ ...res.rslt_set, stream_key: prev.stream_key }));
      setForm(formOf(res.rslt_set));
      dialog.toast(t('settings.saved'));
      return;
    }
    const message = res.rslt_msg || t('error.retry');
    const field = fieldOf(res) as StreamSettingField | undefined;
    if (field && STREAM_SETTING_FIELDS.includes(field)) setErrors({ [field]: message });
    else setFormError(message);
    if (res.rslt_cd === ResultCode.STREAM_ADULT_NEEDS_VERIFY) setNeedsVerify(true);
  }

  // Built by hand (kstDate): Intl's Korean output differs between the server's ICU and the browser's, and the
  // page would not hydrate ('PM 6:12' against '오후 6:12').
  const dateTime = (iso: string) => kstDate(iso, true);

  return (
    <MyPageFrame title={t('page.title')}>
      {user && <MyChannelShortcuts id={user.id} />}
      <section aria-label={t('status.label')} className="mb-6 rounded-2xl border border-neutral-200 p-5" data-live={onAir ? 'Y' : 'N'}>
        {live ? (
          // The dashboard keeps the ended broadcast's final figures until the next one goes live.
          <LiveDashboard key={live.vod_key} live={live} onEnded={() => setEnded(live.vod_key)} />
        ) : (
          <p className="text-sm font-semibold text-neutral-600">{t('status.offline')}</p>
        )}
        {info.sanctioned_until && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {t('status.sanctioned', { until: dateTime(info.sanctioned_until) })}
          </p>
        )}
      </section>

      <p className="mb-4 text-sm text-neutral-600">{t('page.intro')}</p>
      <section className="space-y-4 rounded-2xl border border-neutral-200 p-5">
        <CopyRow id="rtmp-url" label={t('server.label')} value={info.rtmp_url}>
          <button type="button" className={secondaryButton} onClick={() => void copy('server')}>
            {t('server.copy')}
          </button>
        </CopyRow>
        <CopyRow id="stream-key" label={t('key.label')} value={fullKey ?? info.stream_key}>
          <button
            type="button"
            className={secondaryButton}
            aria-pressed={fullKey !== null}
            disabled={keyBusy}
            onClick={() => void toggleReveal()}
          >
            {fullKey ? t('key.hide') : t('key.show')}
          </button>
          <button type="button" className={secondaryButton} disabled={keyBusy} onClick={() => void copy('key')}>
            {t('key.copy')}
          </button>
        </CopyRow>
        <p className="text-xs text-neutral-500">{t('key.hint')}</p>
        <FormError message={keyError} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <button type="button" className={secondaryButton} disabled={keyBusy} onClick={() => void regenerate()}>
            {t('key.regenerate')}
          </button>
          <Link to="/guide/obs" className="text-sm font-semibold text-brand underline-offset-2 hover:underline">
            {t('page.guide')}
          </Link>
        </div>
      </section>

      {user && <OverlayUrls bjId={user.id} />}

      <h2 className="mt-8 mb-4 text-xl font-bold">{t('settings.title')}</h2>
      <form onSubmit={(e) => void save(e)} className="space-y-5" aria-busy={saving} noValidate>
        <TextField
          id="stream-title"
          name="title"
          label={t('settings.titleLabel')}
          value={form.title}
          maxLength={STREAM_TITLE_MAX * 2}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
          errors={[errors.title ?? '']}
          hint={t('settings.titleHint', { max: STREAM_TITLE_MAX })}
        />
        <TextField
          id="stream-tags"
          name="tags"
          label={t('settings.tags')}
          value={form.tags}
          onChange={(e) => setForm({ ...form, tags: e.target.value })}
          errors={[errors.tags ?? '']}
          hint={t('settings.tagsHint', { num: STREAM_TAGS_MAX, max: STREAM_TAG_MAX })}
        />
        <fieldset aria-describedby="stream-qualities-msg">
          <legend className="mb-1 text-sm font-semibold text-neutral-800">{t('settings.qualities')}</legend>
          <div className="flex flex-wrap gap-4">
            {QUALITIES.map((q) => (
              <label key={q} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand"
                  checked={q === 'high' || form.qualities.includes(q)}
                  disabled={q === 'high'}
                  onChange={(e) =>
                    setForm({
                      ...form,
                      qualities: QUALITIES.filter((x) => x === 'high' || (x === q ? e.target.checked : form.qualities.includes(x))),
                    })
                  }
                />
                {t(`settings.quality.${q}`)}
              </label>
            ))}
          </div>
          <FieldMessages id="stream-qualities" errors={[errors.qualities ?? '']} hint={t('settings.qualitiesHint')} />
        </fieldset>
        {FLAGS.map(({ name, label, hint }) => (
          <div key={name}>
            <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-neutral-800">
              <input
                type="checkbox"
                name={name}
                className="size-4 accent-brand"
                checked={form[name]}
                aria-describedby={`stream-${name}-msg`}
                onChange={(e) => setForm({ ...form, [name]: e.target.checked })}
              />
              {t(label)}
            </label>
            <FieldMessages
              id={`stream-${name}`}
              errors={[errors[name] ?? '']}
              hint={name === 'adult_yn' && info.adult_verified_yn !== 'Y' ? t('settings.adultNeedsVerify') : t(hint)}
            />
            {name === 'adult_yn' && (needsVerify || info.adult_verified_yn !== 'Y') && (
              <Link to={ADULT_VERIFY_PATH} className="text-sm font-semibold text-brand underline-offset-2 hover:underline">
                {t('settings.adultVerify')}
              </Link>
            )}
          </div>
        ))}
        <McPicker value={form.mc} onChange={(mc) => setForm({ ...form, mc })} error={errors.mc_user_key ?? ''} self={user?.user_key ?? 0} />
        {onAir && <p className="rounded-lg bg-neutral-50 px-3 py-2 text-sm text-neutral-600">{t('settings.liveNote')}</p>}
        <FormError message={formError} />
        <button type="submit" className={`${primaryButton} w-full`} disabled={saving}>
          {saving ? t('settings.saving') : t('settings.save')}
        </button>
      </form>
    </MyPageFrame>
  );
}

/** A signed-in account that is not a BJ: why it cannot broadcast, and where to apply. */
export function BjOnly() {
  const { t } = useTranslation('stream');
  return (
    <MyPageFrame title={t('page.title')}>
      <div className="space-y-4 rounded-2xl border border-neutral-200 p-5" data-stream-bj-only>
        <p className="text-neutral-700">{t('bjOnly.message')}</p>
        <Link to="/mypage/signup/bj" className={`${primaryButton} inline-block`}>
          {t('bjOnly.apply')}
        </Link>
      </div>
    </MyPageFrame>
  );
}
