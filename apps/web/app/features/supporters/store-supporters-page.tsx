import { SUPPORTER_LIMITS, SUPPORTER_TYPES, type SupporterBj, type SupporterPlan, type SupporterType } from '@byeol/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useActionKey } from '../../lib/action-key';
import { isOk } from '../../lib/answer';
import { appendPage, hasMore } from '../../lib/paging';
import { useLoginRequired } from '../../lib/use-login-required';
import { useWon } from '../../lib/use-won';
import { inputClass, primaryButton, secondaryButton } from '../../ui/fields';
import { EmptyNote, MoreButton } from '../../ui/list-ui';
import { bjList, openSupportersCheckout, supportersRequest } from './supporters-api';

export interface StoreSupportersData {
  /** The BJ of `?bj=` (null: none or not a broadcaster). */
  bj: SupporterBj | null;
  plans: SupporterPlan[] | null;
  /** The refusal of the plan list (the site switch is off…), shown instead of the form. */
  message: string;
}

type Field = 'bj' | 'plan' | 'form';

/**
 * /store/supporters (docs/supporters.md): choose a BJ (from `?bj=` or a search by nick), a monthly plan and
 * regular or auto-pay, then the provider's checkout; it comes back to /pg/supporters/success or /fail.
 */
export function StoreSupportersPage({ data }: { data: StoreSupportersData }) {
  const { t } = useTranslation('supporters');
  const won = useWon();
  const loginRequired = useLoginRequired();
  const [, setSearch] = useSearchParams();
  const [bj, setBj] = useState<SupporterBj | null>(data.bj);
  const [planSn, setPlanSn] = useState<number | null>(data.plans?.[0]?.plan_sn ?? null);
  const [type, setType] = useState<SupporterType>('regular');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const key = useActionKey();
  const plan = data.plans?.find((p) => p.plan_sn === planSn) ?? null;

  function choose(next: SupporterBj | null) {
    setBj(next);
    setErrors({});
    key.reset();
    setSearch(next ? { bj: String(next.user_key) } : {}, { replace: true, preventScrollReset: true });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (!bj) missing.bj = t('store.pickBj');
    if (!plan) missing.plan = t('store.pickPlan');
    setErrors(missing);
    if (!bj || !plan) return;
    setBusy(true);
    const res = await supportersRequest({ bj_user_key: bj.user_key, plan_sn: plan.plan_sn, type }, key.take(), t('error.retry'));
    key.answered(res.rslt_cd);
    if (!isOk(res)) {
      setBusy(false);
      if (loginRequired(res)) return;
      const field = (res.rslt_set as { field?: string } | null)?.field;
      setErrors({ [field === 'plan_sn' ? 'plan' : field === 'bj_user_key' ? 'bj' : 'form']: res.rslt_msg || t('error.retry') });
      return;
    }
    const closed = await openSupportersCheckout(res.rslt_set);
    setBusy(false);
    setErrors({ form: closed.message || t('store.checkoutClosed') });
  }

  if (data.plans === null) {
    return (
      <Frame>
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-6 text-center text-red-700" data-supporters-off>
          {data.message || t('store.disabled')}
        </p>
      </Frame>
    );
  }

  return (
    <Frame>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-6 space-y-8" data-supporters-form>
        <section aria-labelledby="sup-bj">
          <h2 id="sup-bj" className="text-lg font-bold">
            {t('store.bj')}
          </h2>
          {bj ? (
            <div
              className="mt-3 flex items-center justify-between gap-4 rounded-2xl border border-brand/40 bg-brand/5 p-4"
              data-chosen-bj={bj.user_key}
            >
              <BjLine bj={bj} />
              <button type="button" className={secondaryButton} onClick={() => choose(null)} disabled={busy} data-change-bj>
                {t('store.change')}
              </button>
            </div>
          ) : (
            <BjSearch onChoose={choose} />
          )}
          {errors.bj && (
            <p role="alert" className="mt-2 text-sm text-red-600" data-error="bj">
              {errors.bj}
            </p>
          )}
        </section>

        <fieldset aria-describedby={errors.plan ? 'sup-plan-error' : undefined}>
          <legend className="text-lg font-bold">{t('store.plans')}</legend>
          {data.plans.length === 0 ? (
            <EmptyNote name="supporter-plans" text={t('store.noPlans')} />
          ) : (
            <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {data.plans.map((p) => (
                <label
                  key={p.plan_sn}
                  className={`flex min-h-14 cursor-pointer items-center justify-center rounded-xl border px-3 text-center font-bold ${p.plan_sn === planSn ? 'border-brand bg-brand/10 text-brand-dark' : 'border-neutral-300'}`}
                  data-plan={p.plan_sn}
                >
                  <input
                    type="radio"
                    name="plan_sn"
                    className="sr-only"
                    checked={p.plan_sn === planSn}
                    onChange={() => {
                      setPlanSn(p.plan_sn);
                      setErrors({});
                      key.reset();
                    }}
                  />
                  {t('store.perMonth', { price: won(p.price) })}
                </label>
              ))}
            </div>
          )}
          {errors.plan && (
            <p id="sup-plan-error" role="alert" className="mt-2 text-sm text-red-600" data-error="plan">
              {errors.plan}
            </p>
          )}
        </fieldset>

        <fieldset>
          <legend className="text-lg font-bold">{t('store.typeLabel')}</legend>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {SUPPORTER_TYPES.map((ty) => (
              <label
                key={ty}
                className={`block cursor-pointer rounded-xl border p-4 ${ty === type ? 'border-brand bg-brand/10' : 'border-neutral-300'}`}
                data-type={ty}
              >
                <span className="flex items-center gap-2 font-bold">
                  <input
                    type="radio"
                    name="type"
                    checked={ty === type}
                    onChange={() => {
                      setType(ty);
                      setErrors({});
                      key.reset();
                    }}
                  />
                  {t(`type.${ty}`)}
                </span>
                <span className="mt-1 block text-sm text-neutral-600">{t(`typeNote.${ty}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div>
          <button type="submit" className={`${primaryButton} w-full`} disabled={busy || data.plans.length === 0} data-supporters-submit>
            {busy
              ? t('store.sending')
              : key.undecided
                ? t('store.retry')
                : t(type === 'auto' ? 'store.submitAuto' : 'store.submit', { price: won(plan?.price ?? 0) })}
          </button>
          {errors.form && (
            <p role="alert" className="mt-2 text-sm text-red-600" data-error="form">
              {errors.form}
            </p>
          )}
        </div>
      </form>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('supporters');
  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-store-supporters>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">{t('store.title')}</h1>
        <Link to="/mypage/supporters" className="text-sm text-brand hover:underline">
          {t('store.mine')}
        </Link>
      </div>
      <p className="mt-2 text-neutral-600">{t('store.intro')}</p>
      {children}
    </div>
  );
}

function BjLine({ bj }: { bj: SupporterBj }) {
  const { t } = useTranslation('supporters');
  return (
    <div className="flex min-w-0 items-center gap-3">
      {bj.profile_image ? (
        <img src={bj.profile_image} alt="" className="size-10 shrink-0 rounded-full object-cover" />
      ) : (
        <span aria-hidden className="size-10 shrink-0 rounded-full bg-neutral-200" />
      )}
      <div className="min-w-0">
        <p className="truncate font-semibold" data-bj-nick>
          {bj.nick}
        </p>
        <p className="text-xs text-neutral-500">
          @{bj.id}
          {bj.live_yn === 'Y' && <span className="ml-2 rounded bg-red-600 px-1.5 py-0.5 font-bold text-white">{t('store.live')}</span>}
        </p>
      </div>
    </div>
  );
}

/** The BJ search by nick (prefix), paged with "more"; choosing one fills the form. */
function BjSearch({ onChoose }: { onChoose: (bj: SupporterBj) => void }) {
  const { t } = useTranslation('supporters');
  const [nick, setNick] = useState('');
  const [rows, setRows] = useState<SupporterBj[] | null>(null);
  const [total, setTotal] = useState(0);
  const [asked, setAsked] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function load(query: string, offset: number) {
    setBusy(true);
    setError('');
    const res = await bjList(query, offset, t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      setError(res.rslt_msg || t('error.retry'));
      return;
    }
    const page = res.rslt_set;
    setAsked(query);
    setRows((shown) => (offset === 0 || !shown ? page.data_list : appendPage(shown, page.data_list, (b) => b.user_key)));
    setTotal(page.data_totalcount);
  }

  return (
    <div className="mt-3">
      <div className="flex gap-2">
        <label htmlFor="sup-nick" className="sr-only">
          {t('store.search')}
        </label>
        <input
          id="sup-nick"
          className={inputClass}
          value={nick}
          maxLength={SUPPORTER_LIMITS.searchMax}
          placeholder={t('store.searchHint')}
          onChange={(e) => setNick(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void load(nick.trim(), 0);
            }
          }}
          data-bj-search
        />
        <button type="button" className={secondaryButton} disabled={busy} onClick={() => void load(nick.trim(), 0)} data-bj-search-submit>
          {busy && rows === null ? t('store.searching') : t('store.searchButton')}
        </button>
      </div>
      {rows !== null &&
        (rows.length === 0 ? (
          <EmptyNote name="bj-search" text={t('store.noBj')} />
        ) : (
          <ul className="mt-3 divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-bj-results>
            {rows.map((b) => (
              <li key={b.user_key} className="flex items-center justify-between gap-4 px-4 py-3">
                <BjLine bj={b} />
                <button type="button" className={secondaryButton} onClick={() => onChoose(b)} data-choose-bj={b.user_key}>
                  {t('store.bj')}
                </button>
              </li>
            ))}
          </ul>
        ))}
      {rows !== null && hasMore(rows.length, total) && (
        <MoreButton onMore={() => void load(asked, rows.length)} busy={busy} error={error} />
      )}
      {error && (rows === null || !hasMore(rows.length, total)) && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
