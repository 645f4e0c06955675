import type { ListSet, Supporter } from '@byeol/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { kstDate } from '../../lib/format';
import { useLoginRequired } from '../../lib/use-login-required';
import { useMoreList } from '../../lib/use-more-list';
import { useWon } from '../../lib/use-won';
import { useDialog } from '../../ui/dialogs';
import { secondaryButton } from '../../ui/fields';
import { EmptyNote, MoreButton } from '../../ui/list-ui';
import { cancelAuto, mySupports } from './supporters-api';
import { canCancelAuto } from './supporters-rules';

/**
 * /mypage/supporters (docs/supporters.md): the BJs the member supports, supporting ones first: type, until
 * when, the next charge and the auto-pay state with its cancellation; paged with "more".
 */
export function MySupportersPage({ initial }: { initial: ListSet<Supporter> | null }) {
  const { t } = useTranslation('supporters');
  const list = useMoreList(
    initial,
    (offset) => mySupports(offset, t('error.retry')),
    (s) => s.supporter_sn,
    t('error.retry'),
  );

  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-my-supporters>
      <p className="mb-2 text-sm">
        <Link to="/mypage" className="text-brand underline-offset-2 hover:underline">
          {t('mine.back')}
        </Link>
      </p>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">{t('mine.title')}</h1>
        <Link to="/store/supporters" className={secondaryButton}>
          {t('mine.start')}
        </Link>
      </div>
      {initial === null ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-6 text-center text-red-700">
          {t('error.retry')}
        </p>
      ) : list.rows.length === 0 ? (
        <EmptyNote name="my-supporters" text={t('mine.empty')} />
      ) : (
        <>
          <ul className="mt-6 divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-supporter-list>
            {list.rows.map((s) => (
              <SupportRow key={s.supporter_sn} s={s} onChange={list.replace} />
            ))}
          </ul>
          {list.hasMore && <MoreButton onMore={list.more} busy={list.busy} error={list.error} />}
        </>
      )}
    </div>
  );
}

function SupportRow({ s, onChange }: { s: Supporter; onChange: (s: Supporter) => void }) {
  const { t } = useTranslation('supporters');
  const won = useWon();
  const loginRequired = useLoginRequired();
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const until = s.paid_until ? kstDate(s.paid_until) : '';

  async function cancel() {
    if (!(await dialog.confirm(t('mine.cancelConfirm', { date: until }), { yesNo: true }))) return;
    setBusy(true);
    setError('');
    const res = await cancelAuto(s.supporter_sn, t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      if (loginRequired(res)) return;
      setError(res.rslt_msg || t('error.retry'));
      return;
    }
    onChange(res.rslt_set);
    dialog.toast(t('mine.cancelled'));
  }

  return (
    <li
      className="flex flex-wrap items-center justify-between gap-4 px-4 py-4"
      data-supporter={s.supporter_sn}
      data-type={s.type}
      data-state={s.state}
    >
      <div className="min-w-0">
        <p className="font-semibold">
          <span data-supporter-bj>{s.bj.nick}</span>
          <span className="ml-2 rounded bg-neutral-100 px-1.5 py-0.5 text-xs text-neutral-700">{t(`type.${s.type}`)}</span>
          <span
            className={`ml-1 rounded px-1.5 py-0.5 text-xs ${s.state === 'active' ? 'bg-emerald-100 text-emerald-800' : 'bg-neutral-100 text-neutral-600'}`}
            data-supporter-state
          >
            {t(`mine.state.${s.state}`)}
          </span>
        </p>
        <p className="mt-1 text-sm text-neutral-600">
          {t('mine.price', { price: won(s.price) })} · {t('mine.months', { n: s.periods })}
          {s.card_label && <span className="ml-2 text-xs text-neutral-500">{s.card_label}</span>}
        </p>
        {until && (
          <p className="text-sm text-neutral-600" data-supporter-until>
            {t('mine.until', { date: until })}
          </p>
        )}
        {s.next_charge_at && (
          <p className="text-sm text-neutral-600" data-supporter-next>
            {s.fail_cnt > 0
              ? t('mine.retrying', { n: s.fail_cnt, date: kstDate(s.next_charge_at) })
              : t('mine.next', { date: kstDate(s.next_charge_at) })}
          </p>
        )}
      </div>
      <div className="flex flex-col items-end gap-1">
        {canCancelAuto(s) ? (
          <button type="button" className={secondaryButton} onClick={() => void cancel()} disabled={busy} data-cancel-auto>
            {busy ? t('mine.cancelling') : t('mine.cancel')}
          </button>
        ) : (
          <Link to={`/store/supporters?bj=${s.bj.user_key}`} className={secondaryButton} data-support-again>
            {t('mine.support')}
          </Link>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
