import { LADDERS, type Ladder, type LevelTableSet, ResultCode, resultMessage } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { useBjTerm, useLang } from '../../lib/use-site';
import { useStarName } from '../../lib/use-star-name';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton } from '../../ui/fields';
import { ListError, ScreenTitle } from '../admin';
import { parseTable } from './level-table-rules';
import { saveLevelTable } from './progression-api';
import { tableText } from './progression-rules';

/**
 * The console's level tables (/admin/levels, issue 23): one form per ladder (member, VIP, BJ, fan) with its
 * table as comma-separated numbers. The form refuses what the server would before sending
 * (LEVEL_TABLE_INVALID's own message beside the field) and shows the server's refusal in the same place.
 * Saving re-levels every standing of that ladder on the server.
 */
export function LevelTablesPage({ tables, message }: { tables: LevelTableSet | null; message: string }) {
  const { t } = useTranslation('progression');
  if (!tables) return <ListError message={message || t('admin.loadFailed')} />;
  return (
    <div data-admin-levels>
      <ScreenTitle title={t('admin.title')} />
      <p className="mb-6 max-w-2xl text-sm text-neutral-600">{t('admin.note')}</p>
      <div className="grid max-w-3xl gap-4">
        {LADDERS.map((ladder) => (
          <LadderForm key={ladder} ladder={ladder} initial={tables.level_tables[ladder]} days={tables.vip_window_days} />
        ))}
      </div>
    </div>
  );
}

function LadderForm({ ladder, initial, days }: { ladder: Ladder; initial: number[]; days: number }) {
  const { t } = useTranslation('progression');
  const lang = useLang();
  const bj = useBjTerm();
  const star = useStarName();
  const dialog = useDialog();
  const [saved, setSaved] = useState<number[]>(initial);
  const [value, setValue] = useState(() => tableText(initial));
  const [error, setError] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `level-table-${ladder}`;
  const name = t(`admin.ladder.${ladder}`, { bj });
  const top = saved.at(-1) ?? 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    if (!parseTable(ladder, value)) {
      setError(resultMessage('LEVEL_TABLE_INVALID', lang));
      return;
    }
    setBusy(true);
    setError('');
    const res = await saveLevelTable(ladder, value, t('retry'));
    setBusy(false);
    if (isOk(res)) {
      const next = res.rslt_set.level_tables[ladder];
      setSaved(next);
      setValue(tableText(next));
      dialog.toast(t('admin.saved', { ladder: name }));
      return;
    }
    // The table's refusal (or a field the server names) beside the field; anything else under the form.
    if (res.rslt_cd === ResultCode.LEVEL_TABLE_INVALID || fieldOf(res) === 'levels') setError(res.rslt_msg || t('retry'));
    else setFormError(res.rslt_msg || t('retry'));
  }

  return (
    <form
      className="rounded-xl border border-neutral-200 p-4"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={name}
      data-level-table-form={ladder}
    >
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-neutral-800">
        {name}
      </label>
      {/* A textarea as tall as its table (rows where field-sizing is not supported): twenty levels stay readable whole. */}
      <textarea
        id={id}
        name="levels"
        rows={ladder === 'vip' ? 2 : 5}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        className={`${inputClass} field-sizing-content resize-y font-mono text-sm leading-relaxed`}
        aria-invalid={error !== ''}
        aria-describedby={`${id}-msg`}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError('');
          setFormError('');
        }}
      />
      <FieldMessages id={id} errors={error ? [error] : []} hint={ladder === 'vip' ? t('admin.helpVip', { days, star }) : t('admin.help')} />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton} disabled={busy} data-level-table-save={ladder}>
          {busy ? t('admin.saving') : t('admin.save')}
        </button>
        <span className="text-xs text-neutral-500 tabular-nums" data-level-table-summary>
          {t('admin.summary', { n: formatNumber(saved.length, lang), top: formatNumber(top, lang) })}
        </span>
      </div>
      <div className="mt-3 empty:hidden">
        <FormError message={formError || undefined} />
      </div>
    </form>
  );
}
