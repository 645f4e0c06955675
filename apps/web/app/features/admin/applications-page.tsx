import { APPLICATION_KINDS, type ApplicationKind, type ApplicationState, type ListedApplicationView } from '@byeol/contract';
import { useState } from 'react';
import { Form, useNavigate, useNavigation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatPhone, kstDate } from '../../lib/format';
import { useDialog } from '../../ui/dialogs';
import { secondaryButton } from '../../ui/fields';
import type { AdminList } from './admin.server';
import {
  ActionDialog,
  AdminEmpty,
  FilterTabs,
  inputClass,
  ListError,
  MemberCell,
  Pager,
  RowActions,
  ScreenTitle,
  StateBadge,
  useHydrated,
} from './admin-ui';
import { moveApplication } from './editorial-console-api';
import { APPLICATION_FILTERS, type ApplicationFilter, applicationFormLines, applicationMoves } from './editorial-console-rules';

export interface ApplicationsData {
  state: ApplicationFilter;
  kind: ApplicationKind | '';
  page: number;
  list: AdminList<ListedApplicationView>;
}

const STATE_TONE = { received: 'blue', waiting: 'amber', in_progress: 'amber', complete: 'green', rejected: 'red' } as const;

/** The query of the screen with one filter changed (page 1 again). */
function hrefOf(data: ApplicationsData, change: { state?: ApplicationFilter; kind?: ApplicationKind | '' }): string {
  const q = new URLSearchParams();
  const state = change.state ?? data.state;
  const kind = change.kind ?? data.kind;
  if (state !== 'received') q.set('state', state);
  if (kind) q.set('kind', kind);
  const qs = q.toString();
  return qs ? `?${qs}` : '?';
}

/**
 * Broadcaster, K-star and program applications (SPEC §4; the audition's are broadcaster ones with a
 * performance video), oldest first by state, the open ones first: each with its applicant, kind, form and
 * dates; the operator moves it on (received → waiting → in progress → complete) or rejects it, with a note
 * the applicant reads. Completing creates the applicant's new account (the server).
 */
export function ApplicationsPage({ data }: { data: ApplicationsData }) {
  const { t } = useTranslation('admin');
  const dialog = useDialog();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  // Rows moved on this page keep their place with their new state until the list is loaded again.
  const [moved, setMoved] = useState<Record<number, Partial<ListedApplicationView>>>({});
  const loading = navigation.state !== 'idle';

  async function move(app: ListedApplicationView, to: ApplicationState) {
    setBusy(true);
    const done = await dialog.layer<Partial<ListedApplicationView>>(
      (close) => (
        <ActionDialog<Partial<ListedApplicationView>>
          intro={
            <div className="space-y-2 text-sm">
              <p className="rounded-lg bg-neutral-50 p-3" data-dialog-application={app.app_sn}>
                {t('applications.dialogIntro', {
                  nick: app.applicant_nick,
                  id: app.applicant_id,
                  kind: t(`applications.kind.${app.kind}`),
                  from: t(`applications.state.${app.state}`),
                  to: t(`applications.state.${to}`),
                })}
              </p>
              {(to === 'complete' || to === 'rejected') && <p className="text-neutral-600">{t(`applications.note.${to}`)}</p>}
            </div>
          }
          fields={[
            {
              name: 'operator_memo',
              label: t('applications.memoLabel'),
              value: app.operator_memo,
              kind: 'textarea',
              rows: 3,
              maxLength: 500,
              hint: t('applications.memoHint'),
            },
          ]}
          submitLabel={t(`applications.move.${to}`)}
          danger={to === 'rejected'}
          onSubmit={(v) => moveApplication(app.app_sn, to, v.operator_memo?.trim() ?? '', t('error.retry'))}
          close={close}
        />
      ),
      { title: t('applications.dialogTitle', { sn: app.app_sn }) },
    );
    setBusy(false);
    if (!done) return;
    setMoved((m) => ({ ...m, [app.app_sn]: done }));
    dialog.toast(t('applications.moved', { state: t(`applications.state.${done.state ?? to}`) }));
  }

  const list = data.list;
  return (
    <div data-admin-applications>
      <ScreenTitle title={t('applications.title')} />
      <FilterTabs
        name="application-state"
        label={t('applications.tabsLabel')}
        items={APPLICATION_FILTERS}
        current={data.state}
        hrefOf={(state) => hrefOf(data, { state })}
        textOf={(state) => t(`applications.filter.${state}`)}
      />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-neutral-200 p-4" data-application-filter>
        {data.state !== 'received' && <input type="hidden" name="state" value={data.state} />}
        <label className="block w-full text-xs font-semibold text-neutral-600 sm:w-56">
          {t('applications.kind.label')}
          <select
            name="kind"
            value={data.kind}
            onChange={(e) => navigate(hrefOf(data, { kind: e.target.value as ApplicationKind | '' }))}
            className={`${inputClass} mt-1`}
            data-application-kind
          >
            <option value="">{t('applications.kind.all')}</option>
            {APPLICATION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`applications.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit" className={secondaryButton}>
            {t('items.filter')}
          </button>
        </noscript>
        {loading && <span className="pb-3 text-sm text-neutral-500">{t('list.loading')}</span>}
      </Form>
      {!list.ok ? (
        <ListError message={list.message} />
      ) : list.list.data_list.length === 0 ? (
        <AdminEmpty name="applications" text={t('applications.empty')} />
      ) : (
        <ul className="space-y-3" data-application-list>
          {list.list.data_list.map((row) => {
            const app = { ...row, ...moved[row.app_sn] } as ListedApplicationView;
            return (
              <ApplicationCard
                key={app.app_sn}
                app={app}
                disabled={busy || loading || !ready}
                actions={applicationMoves(app.state).map((to) => ({
                  name: `move-${to}`,
                  text: t(`applications.move.${to}`),
                  run: () => void move(app, to),
                  danger: to === 'rejected',
                }))}
              />
            );
          })}
        </ul>
      )}
      {list.ok && <Pager page={data.page} total={list.list.data_totalcount} busy={loading} />}
    </div>
  );
}

function ApplicationCard({
  app,
  actions,
  disabled,
}: {
  app: ListedApplicationView;
  actions: { name: string; text: string; run: () => void; danger?: boolean }[];
  disabled: boolean;
}) {
  const { t } = useTranslation('admin');
  const lines = applicationFormLines(app.form);
  // Sent from /audition; older audition applications are the BJ ones with a performance video link.
  const audition = app.audition || (app.kind === 'bj' && Boolean(app.form.video_url));
  return (
    <li
      className="rounded-xl border border-neutral-200 bg-white p-4"
      data-application={app.app_sn}
      data-state={app.state}
      data-kind={app.kind}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-neutral-500 tabular-nums">#{app.app_sn}</span>
        <MemberCell nick={app.applicant_nick} id={app.applicant_id} />
        <StateBadge tone="grey" name={`kind-${app.kind}`}>
          {t(`applications.kind.${app.kind}`)}
        </StateBadge>
        {audition && (
          <StateBadge tone="blue" name="audition">
            {t('applications.audition')}
          </StateBadge>
        )}
        <StateBadge tone={STATE_TONE[app.state]} name={app.state}>
          {t(`applications.state.${app.state}`)}
        </StateBadge>
      </div>
      <p className="mt-1 text-xs text-neutral-500 tabular-nums">
        {t('applications.appliedAt', { date: kstDate(app.created_at, true) })} ·{' '}
        {t('applications.updatedAt', { date: kstDate(app.updated_at, true) })}
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]" data-application-form>
        {lines.map((line) => (
          <div key={line.field} className="contents" data-form-field={line.field}>
            <dt className="font-semibold text-neutral-500">{t(`applications.field.${line.field}`)}</dt>
            <dd className="-mt-1 min-w-0 whitespace-pre-line break-words text-neutral-900 sm:mt-0">
              {line.link ? (
                <a
                  href={line.value}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-brand-dark underline underline-offset-2 [overflow-wrap:anywhere]"
                  data-form-link={line.field}
                >
                  {line.value}
                  <span className="sr-only"> {t('magazine.newTab')}</span>
                </a>
              ) : (
                line.value
              )}
            </dd>
          </div>
        ))}
        {app.contact_phone_no && (
          <div className="contents" data-form-field="contact_phone">
            <dt className="font-semibold text-neutral-500">{t('applications.contactPhone')}</dt>
            <dd className="-mt-1 min-w-0 text-neutral-900 tabular-nums sm:mt-0">
              <a
                href={`tel:+${app.contact_phone_country_num}${app.contact_phone_no.replace(/^0/, '')}`}
                className="underline underline-offset-2"
              >
                {formatPhone(app.contact_phone_country_num, app.contact_phone_no)}
              </a>
            </dd>
          </div>
        )}
      </dl>
      {app.video_file && (
        <figure className="mt-3 space-y-1" data-application-video>
          {/* biome-ignore lint/a11y/useMediaCaption: an applicant's performance video, uploaded without captions */}
          <video controls preload="metadata" src={app.video_file.url} className="max-h-80 w-full rounded-lg bg-black" />
          <figcaption className="text-xs text-neutral-600">
            {t('applications.video')} · {t('applications.videoHint')}{' '}
            <a
              href={app.video_file.url}
              download
              className="font-semibold text-brand-dark underline underline-offset-2"
              data-application-video-download
            >
              {t('applications.videoDownload')}
            </a>
          </figcaption>
        </figure>
      )}
      {app.operator_memo && (
        <p className="mt-3 rounded-lg bg-neutral-50 px-3 py-2 text-sm text-neutral-700" data-application-memo>
          {t('applications.memo', { memo: app.operator_memo })}
        </p>
      )}
      {app.account_user_key !== null && (
        <p className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-application-account={app.account_user_key}>
          {t('applications.account', { key: app.account_user_key })}
        </p>
      )}
      {actions.length > 0 && (
        <div className="mt-3">
          <RowActions wrap disabled={disabled} actions={actions} />
        </div>
      )}
    </li>
  );
}
