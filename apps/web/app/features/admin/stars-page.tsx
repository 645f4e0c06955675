import { ResultCode, STAR_LIMITS, type StarCard, type StarGroup } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { kstarPath } from '../../lib/links';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FormError, primaryButton, TextField } from '../../ui/fields';
import { KstarFacts, StarCardItem } from '../stars';
import { AdminEmpty, ListError, ScreenTitle, smallButton, useHydrated } from './admin-ui';
import { saveStarProfile } from './concerts-console-api';

export interface StarsData {
  /** The groups with their members (POST /pubapi/member_group_list), or the refusal's message. */
  groups: { ok: true; list: StarGroup[] } | { ok: false; message: string };
}

const FIELDS = ['user_id', 'agency', 'group_name', 'debut_date'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = { user_id: '', agency: '', group_name: '', debut_date: '' };

/**
 * K-star profiles (issue 22, docs/stars.md): an operator sets a K-star's agency, group and debut day by its
 * login ID (audited) and sees the card the directory now shows; below, the groups with their members, each
 * member's profile one press away from the form.
 */
export function StarsPage({ data }: { data: StarsData }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const ready = useHydrated();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<StarCard | null>(null);
  const groups = data.groups.ok ? data.groups.list : [];

  const change = (name: Field, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };
  const errorsOf = (name: Field) => (errors[name] ? [errors[name]] : []);

  function load(card: StarCard) {
    setValues({ user_id: card.id, agency: card.agency, group_name: card.group_name, debut_date: card.debut_date });
    setErrors({});
    setFormError('');
    document.getElementById('star-user_id')?.scrollIntoView({ block: 'center' });
    document.getElementById('star-agency')?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    if (values.user_id.trim() === '') {
      setErrors({ user_id: t('form.required') });
      document.getElementById('star-user_id')?.focus();
      return;
    }
    setBusy(true);
    const res = await saveStarProfile(
      {
        user_id: values.user_id.trim(),
        agency: values.agency.trim(),
        group_name: values.group_name.trim(),
        debut_date: values.debut_date.trim(),
      },
      t('error.retry'),
    );
    setBusy(false);
    if (isOk(res)) {
      setSaved(res.rslt_set);
      setErrors({});
      dialog.toast(t('stars.saved', { nick: res.rslt_set.nick }));
      void revalidator.revalidate();
      return;
    }
    const named = fieldOf(res) ?? (res.rslt_cd === ResultCode.KSTAR_NOT_FOUND ? 'user_id' : '');
    const field = (FIELDS as readonly string[]).includes(named) ? (named as Field) : null;
    if (field) {
      setErrors({ [field]: res.rslt_msg || t('error.retry') });
      document.getElementById(`star-${field}`)?.focus();
    } else {
      setFormError(res.rslt_msg || t('error.retry'));
    }
  }

  return (
    <div data-admin-stars>
      <ScreenTitle title={t('stars.title')} />
      <p className="mb-4 text-sm text-neutral-600">{t('stars.intro')}</p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <form
          className="min-w-0 space-y-4 rounded-xl border border-neutral-200 p-4"
          onSubmit={(e) => void submit(e)}
          noValidate
          data-star-form
        >
          <TextField
            id="star-user_id"
            name="user_id"
            label={t('stars.field.user_id')}
            value={values.user_id}
            maxLength={20}
            autoComplete="off"
            onChange={(e) => change('user_id', e.target.value)}
            errors={errorsOf('user_id')}
            hint={t('stars.field.userHint')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="star-agency"
              name="agency"
              label={t('stars.field.agency')}
              value={values.agency}
              maxLength={STAR_LIMITS.agencyMax}
              onChange={(e) => change('agency', e.target.value)}
              errors={errorsOf('agency')}
            />
            <TextField
              id="star-group_name"
              name="group_name"
              label={t('stars.field.group_name')}
              value={values.group_name}
              maxLength={STAR_LIMITS.groupMax}
              list="star-group-names"
              autoComplete="off"
              onChange={(e) => change('group_name', e.target.value)}
              errors={errorsOf('group_name')}
              hint={t('stars.field.groupHint')}
            />
            <datalist id="star-group-names">
              {groups.map((g) => (
                <option key={g.group_name} value={g.group_name} />
              ))}
            </datalist>
          </div>
          <TextField
            id="star-debut_date"
            name="debut_date"
            type="date"
            label={t('stars.field.debut_date')}
            value={values.debut_date}
            onChange={(e) => change('debut_date', e.target.value)}
            errors={errorsOf('debut_date')}
            hint={t('stars.field.debutHint')}
            className="max-w-xs"
          />
          <FormError message={formError || undefined} />
          <button type="submit" className={primaryButton} disabled={busy || !ready} data-star-submit>
            {busy ? t('dialog.working') : t('stars.save')}
          </button>
        </form>
        <section
          className="min-w-0 self-start rounded-xl border border-neutral-200 p-4"
          aria-labelledby="star-result-title"
          data-star-result={saved?.id ?? ''}
        >
          <h2 id="star-result-title" className="text-lg font-bold">
            {t('stars.result')}
          </h2>
          {saved ? (
            <ul className="mt-3 max-w-xs">
              <StarCardItem kind="kstar" card={saved} />
            </ul>
          ) : (
            <p className="mt-2 text-sm text-neutral-500">{t('stars.resultNote')}</p>
          )}
        </section>
      </div>

      <section className="mt-8" aria-labelledby="star-groups-title" data-star-groups>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="star-groups-title" className="text-xl font-bold">
            {t('stars.groups.title')}
          </h2>
          <a
            href={kstarPath()}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-semibold text-brand-dark underline underline-offset-2"
          >
            {t('stars.groups.open')}
            <span className="sr-only"> {t('magazine.newTab')}</span>
          </a>
        </div>
        {!data.groups.ok ? (
          <ListError message={data.groups.message} />
        ) : groups.length === 0 ? (
          <AdminEmpty name="star-groups" text={t('stars.groups.empty')} />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {groups.map((g) => (
              <li key={g.group_name} className="min-w-0 rounded-xl border border-neutral-200 p-4" data-star-group={g.group_name}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-bold break-words">{g.group_name}</p>
                  <p className="text-xs text-neutral-600 tabular-nums">
                    {t('stars.groups.members', { n: formatNumber(g.members.length, lang) })}
                    {g.live_cnt > 0 && (
                      <span className="ml-2 font-semibold text-red-600">
                        {t('stars.groups.live', { n: formatNumber(g.live_cnt, lang) })}
                      </span>
                    )}
                  </p>
                </div>
                <div className="mt-1">
                  <KstarFacts card={{ agency: g.agency, group_name: '', debut_date: g.debut_date }} />
                </div>
                <ul className="mt-3 divide-y divide-neutral-100">
                  {g.members.map((m) => (
                    <li key={m.user_key} className="flex items-center gap-2 py-2" data-star-member={m.id}>
                      <div className="min-w-0 flex-1 text-sm">
                        <p className="truncate">
                          <span className="font-semibold">{m.nick}</span> <span className="text-xs text-neutral-500">({m.id})</span>
                          {m.live_vod_key && (
                            <span className="ml-1 rounded bg-red-600 px-1.5 py-0.5 text-[0.65rem] font-bold text-white">LIVE</span>
                          )}
                        </p>
                        <KstarFacts card={{ agency: m.agency === g.agency ? '' : m.agency, group_name: '', debut_date: m.debut_date }} />
                      </div>
                      <button type="button" className={smallButton} onClick={() => load(m)} disabled={!ready} data-star-member-edit>
                        {t('stars.groups.edit')}
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
