import { COMMUNITY_REFUSAL_PARAMS, POLICY_LIMITS, resultMessage } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { primaryButton, TextField } from '../../ui/fields';
import { useHydrated } from './admin-ui';
import { setPolicyNoticeDays } from './community-api';
import { parseNoticeDays } from './community-rules';

/**
 * The policies' notice period on /admin/site (docs/community.md#policies): how many days a new policy version
 * is announced before it takes effect. Whole days from 7 to 90, refused under the field before sending (the
 * server answers the same code); saved through an audited call, after which /admin/policies counts from it.
 */
export function PolicyNoticeForm({ initial }: { initial: number }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const dialog = useDialog();
  const ready = useHydrated();
  const [saved, setSaved] = useState(initial);
  const [value, setValue] = useState(String(initial));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const rangeMessage = () => resultMessage('POLICY_NOTICE_DAYS_RANGE', lang, COMMUNITY_REFUSAL_PARAMS.POLICY_NOTICE_DAYS_RANGE);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = parseNoticeDays(value);
    if ('refusal' in parsed) {
      setError(rangeMessage());
      document.getElementById('site-notice-days')?.focus();
      return;
    }
    setBusy(true);
    setError('');
    const res = await setPolicyNoticeDays(parsed.days, t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      if (fieldOf(res) === 'days') setError(res.rslt_msg || rangeMessage());
      else await dialog.ok(res.rslt_msg || t('error.retry'));
      return;
    }
    setSaved(res.rslt_set.days);
    setValue(String(res.rslt_set.days));
    dialog.toast(t('site.noticeDays.done', { days: res.rslt_set.days }));
  }

  return (
    <section className="mt-8 rounded-xl border border-neutral-200 p-4" data-site-notice-days={saved}>
      <h2 className="text-lg font-bold">{t('site.noticeDays.title')}</h2>
      <p className="mt-1 text-sm text-neutral-600">{t('site.noticeDays.intro')}</p>
      <form className="mt-3 max-w-sm" onSubmit={(e) => void submit(e)} noValidate data-notice-days-form>
        <TextField
          id="site-notice-days"
          name="days"
          type="number"
          inputMode="numeric"
          min={POLICY_LIMITS.noticeDaysMin}
          max={POLICY_LIMITS.noticeDaysMax}
          step={1}
          label={t('site.noticeDays.label')}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError('');
          }}
          errors={error ? [error] : []}
          hint={t('site.noticeDays.hint', { days: saved, min: POLICY_LIMITS.noticeDaysMin, max: POLICY_LIMITS.noticeDaysMax })}
          action={
            <button type="submit" className={`${primaryButton} shrink-0`} disabled={busy || !ready} data-notice-days-save>
              {busy ? t('dialog.working') : t('site.noticeDays.save')}
            </button>
          }
        />
      </form>
    </section>
  );
}
