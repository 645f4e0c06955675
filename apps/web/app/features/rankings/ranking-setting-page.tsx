import { RANKING_DEFAULTS, type RankingSettingSet, resultMessage } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { useBjTerm, useLang, useSite } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FormError, primaryButton, TextField } from '../../ui/fields';
import { ListError, ScreenTitle } from '../admin';
import {
  SETTING_FIELDS,
  type SettingField,
  type SettingValues,
  settingRefusals,
  settingValuesOf,
  WEIGHT_FIELDS,
  weightSum,
} from './ranking-rules';
import { saveRankingSetting } from './rankings-api';

/**
 * The console's ranking settings (/admin/rankings, issue 18): the four weights of the score in percent and the
 * rookie window in days. The form refuses what the server would before sending (a weight outside 0–100, a
 * sum other than 100: RANKING_WEIGHTS_SUM's own message), and shows the server's refusal where it belongs.
 * The next snapshot (within RANKING_DEFAULTS.refreshMinutes) uses the saved values.
 */
export function RankingSettingPage({ setting, message }: { setting: RankingSettingSet | null; message: string }) {
  const { t } = useTranslation('rankings');
  if (!setting) return <ListError message={message || t('setting.loadFailed')} />;
  return <SettingForm setting={setting} />;
}

function SettingForm({ setting }: { setting: RankingSettingSet }) {
  const { t } = useTranslation('rankings');
  const lang = useLang();
  const bj = useBjTerm();
  const star = useSite()?.site.site_terms.CURRENCY_NAME || 'STAR';
  const dialog = useDialog();
  const [values, setValues] = useState<SettingValues>(() => settingValuesOf(setting));
  const [errors, setErrors] = useState<Partial<Record<SettingField, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const sum = weightSum(values);

  const label = (field: SettingField) => (field === 'star' ? t('setting.star', { currency: star }) : t(`setting.${field}`));

  function change(field: SettingField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, ...(field !== 'rookie_days' ? { star: undefined } : {}) }));
    setFormError('');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const refusals = settingRefusals(values);
    if (Object.keys(refusals).length > 0) {
      setErrors(
        Object.fromEntries(
          Object.entries(refusals).map(([field, why]) => [
            field,
            why === 'sum' ? resultMessage('RANKING_WEIGHTS_SUM', lang) : field === 'rookie_days' ? t('setting.days') : t('setting.percent'),
          ]),
        ),
      );
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError('');
    const res = await saveRankingSetting(values, t('retry'));
    setBusy(false);
    if (isOk(res)) {
      setValues(settingValuesOf(res.rslt_set));
      dialog.toast(t('setting.saved'));
      return;
    }
    const field = fieldOf(res);
    if (field && (SETTING_FIELDS as readonly string[]).includes(field)) setErrors({ [field]: res.rslt_msg || t('retry') });
    else setFormError(res.rslt_msg || t('retry'));
  }

  return (
    <div data-admin-rankings>
      <ScreenTitle title={t('setting.title')} />
      <p className="mb-6 max-w-2xl text-sm text-neutral-600">{t('setting.note', { minutes: RANKING_DEFAULTS.refreshMinutes })}</p>
      <form className="max-w-2xl space-y-6" onSubmit={(e) => void submit(e)} noValidate data-ranking-setting-form>
        <fieldset className="rounded-xl border border-neutral-200 p-4">
          <legend className="px-1 text-sm font-bold">{t('setting.weights')}</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            {WEIGHT_FIELDS.map((field) => (
              <TextField
                key={field}
                id={`ranking-${field}`}
                name={field}
                label={label(field)}
                inputMode="numeric"
                value={values[field]}
                onChange={(e) => change(field, e.target.value)}
                errors={errors[field] ? [errors[field]] : []}
                className="mt-3"
              />
            ))}
          </div>
          <p
            className={`mt-4 text-sm font-semibold ${sum === 100 ? 'text-emerald-700' : 'text-red-600'}`}
            aria-live="polite"
            data-weight-sum={sum}
          >
            {t('setting.sum', { n: sum })}
          </p>
        </fieldset>
        <TextField
          id="ranking-rookie_days"
          name="rookie_days"
          label={t('setting.rookie_days')}
          hint={t('setting.rookieHint', { bj })}
          inputMode="numeric"
          value={values.rookie_days}
          onChange={(e) => change('rookie_days', e.target.value)}
          errors={errors.rookie_days ? [errors.rookie_days] : []}
          className="max-w-xs"
        />
        <FormError message={formError || undefined} />
        <button type="submit" className={primaryButton} disabled={busy} data-ranking-setting-save>
          {busy ? t('setting.saving') : t('setting.save')}
        </button>
      </form>
    </div>
  );
}
