import { type PolicyDoc, type PolicyHistorySet, type PolicyVersionSummary, resolveLang, resultMessage } from '@byeol/contract';
import { isRouteErrorResponse, Link } from 'react-router';
import { textsIn } from '../../i18n';
import { useTranslation } from '../../i18n/react';
import { policyHistoryPath, policyPath, serviceGuidePath, versionPathOf } from '../../lib/cs-links';
import { kstDate } from '../../lib/format';
import type { RootData } from '../../lib/use-site';
import { useLang } from '../../lib/use-site';
import { NotFoundPage } from '../../ui/not-found-page';
import { PlainText } from './cs-ui';

/** The page of a policy or service guide in the version in effect (`/sub/policy/{id}`, `/sub/terms/{id}`). */
const currentPathOf = (doc: Pick<PolicyDoc, 'kind' | 'id'>) => (doc.kind === 'service' ? serviceGuidePath(doc.id) : policyPath(doc.id));

const STATE_TONE: Record<PolicyVersionSummary['state'], string> = {
  current: 'bg-emerald-100 text-emerald-900',
  old: 'bg-neutral-200 text-neutral-700',
  upcoming: 'bg-amber-100 text-amber-900',
};

function VersionState({ state }: { state: PolicyVersionSummary['state'] }) {
  const { t } = useTranslation('cs');
  return (
    <span
      className={`inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-bold ${STATE_TONE[state]}`}
      data-version-state={state}
    >
      {t(`policy.state.${state}`)}
    </span>
  );
}

/**
 * A policy or service guide (`/sub/policy/{id}`, `/sub/policy/{id}/old/{ver}`, `/sub/terms/{id}`): its title,
 * version, effective date (KST) and content as plain text with its line breaks (never HTML). A version other
 * than the one in effect says so with a link to the current one; an announced version is noticed above the
 * text with its effective date and a link to read it. The history is linked under the title.
 */
export function PolicyDocPage({ doc, requested }: { doc: PolicyDoc; requested: number | null }) {
  const { t } = useTranslation('cs');
  const version = doc.version;
  const showUpcoming = doc.upcoming && doc.upcoming.ver !== version?.ver;
  return (
    <article className="mx-auto max-w-3xl px-4 py-6 sm:py-10" data-policy={doc.id} data-policy-kind={doc.kind}>
      <h1 className="break-words text-2xl font-extrabold sm:text-3xl" data-policy-title>
        {doc.title}
      </h1>
      {version && (
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-600">
          <VersionState state={version.state} />
          <span data-policy-version={version.ver}>{t('policy.version', { ver: version.ver })}</span>
          <span data-policy-effective>{t('policy.effective', { date: kstDate(version.effective_date) })}</span>
          <Link
            to={policyHistoryPath(doc.id)}
            className="inline-flex min-h-11 items-center font-semibold text-brand-dark underline-offset-2 hover:underline"
            data-policy-history-link
          >
            {t('policy.history')} ›
          </Link>
        </p>
      )}
      {version && requested !== null && version.state !== 'current' && (
        <div role="note" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-policy-not-current>
          <p className="font-semibold">
            {version.state === 'upcoming' ? t('policy.isUpcoming', { date: kstDate(version.effective_date) }) : t('policy.notCurrent')}
          </p>
          <Link to={currentPathOf(doc)} className="mt-1 inline-flex min-h-11 items-center font-semibold text-amber-900 underline">
            {t('policy.viewCurrent')}
          </Link>
        </div>
      )}
      {showUpcoming && doc.upcoming && (
        <aside className="mt-4 rounded-xl border border-brand/30 bg-brand/5 p-4 text-sm" data-policy-upcoming={doc.upcoming.ver}>
          <p className="font-semibold text-neutral-900">
            {t('policy.upcoming', { title: doc.title, ver: doc.upcoming.ver, date: kstDate(doc.upcoming.effective_date) })}
          </p>
          {doc.upcoming.reason && (
            <p className="mt-1 break-words text-neutral-700">{t('policy.upcomingReason', { reason: doc.upcoming.reason })}</p>
          )}
          <Link
            to={versionPathOf(doc.kind, doc.id, doc.upcoming.ver)}
            className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-dark underline"
            data-policy-upcoming-link
          >
            {t('policy.upcomingLink')} ›
          </Link>
        </aside>
      )}
      {version ? (
        <PlainText
          text={version.content}
          className="mt-6 rounded-2xl border border-neutral-200 p-4 text-sm leading-relaxed text-neutral-800 sm:p-6"
          data-policy-content
        />
      ) : (
        <p className="mt-6 rounded-xl bg-neutral-50 p-6 text-center text-neutral-600" data-empty="policy">
          {t('policy.none')}
        </p>
      )}
    </article>
  );
}

/** `/sub/policy/{id}/history`: every published version, newest first, each opening its page. */
export function PolicyHistoryPage({ history }: { history: PolicyHistorySet }) {
  const { t } = useTranslation('cs');
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10" data-policy-history={history.id}>
      <p className="text-sm">
        <Link
          to={currentPathOf(history)}
          className="inline-flex min-h-11 items-center font-semibold text-brand-dark underline-offset-2 hover:underline"
        >
          ‹ {t('policy.back', { title: history.title })}
        </Link>
      </p>
      <h1 className="break-words text-2xl font-extrabold sm:text-3xl">{t('policy.historyTitle', { title: history.title })}</h1>
      {history.data_list.length === 0 ? (
        <p className="mt-6 rounded-xl bg-neutral-50 p-6 text-center text-neutral-600" data-empty="policy-history">
          {t('policy.empty')}
        </p>
      ) : (
        <ol className="mt-6 divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-policy-versions>
          {history.data_list.map((v) => (
            <li key={v.ver} data-policy-version-row={v.ver} data-state={v.state}>
              <Link
                to={versionPathOf(history.kind, history.id, v.ver)}
                className="block px-4 py-3 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-brand"
              >
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-bold text-brand-dark">{t('policy.version', { ver: v.ver })}</span>
                  <VersionState state={v.state} />
                </span>
                <span className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-neutral-600">
                  <span data-effective>{t('policy.effective', { date: kstDate(v.effective_date) })}</span>
                  <span data-published>{t('policy.published', { date: kstDate(v.reg_date) })}</span>
                </span>
                {v.reason && (
                  <span className="mt-1 block break-words text-sm text-neutral-800">
                    <span className="text-neutral-500">{t('policy.reasonLabel')}: </span>
                    {v.reason}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** A policy page's error: the not-found page for an unknown policy or version, else "try again". */
export function PolicyError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage message={resultMessage('POLICY_NOT_FOUND', lang)} />;
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">{t('error.title')}</h1>
      <p className="mt-3 text-neutral-600">{t('error.retry')}</p>
    </div>
  );
}

type MetaDescriptor = Record<string, string>;

/**
 * A policy page's head: its title (the history's "… 개정 이력") over the site's tags. Outside React, so the
 * texts come from the namespace's resources in the root's language.
 */
export function policyMeta(
  page: { title: string; history?: boolean } | undefined,
  root: RootData | undefined,
  parent: MetaDescriptor[],
): MetaDescriptor[] {
  if (!page || !root) return parent;
  const text = page.history ? textsIn(resolveLang(root.lang), 'cs').policy.historyTitle.replace('{{title}}', page.title) : page.title;
  const title = `${text} - ${root.site.asp_info.site_name}`;
  const keyOf = (m: MetaDescriptor) => m.property ?? m.name ?? ('title' in m ? 'title' : '');
  return [...parent.filter((m) => !['title', 'og:title'].includes(keyOf(m))), { title }, { property: 'og:title', content: title }];
}
