import type { QnaState, ReportState } from '@byeol/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { CS_PATHS, type CsTab } from '../../lib/cs-links';

/** The tabs shared by the /cs pages; the report form belongs to the reports tab. */
type NavTab = Exclude<CsTab, 'reportForm'>;
const TABS: readonly NavTab[] = ['notice', 'faq', 'ask', 'answers', 'reports'];

function tabOf(pathname: string): NavTab | null {
  if (pathname.startsWith(CS_PATHS.reports)) return 'reports';
  return TABS.find((tab) => pathname === CS_PATHS[tab] || pathname === `${CS_PATHS[tab]}/`) ?? null;
}

/** The customer centre's frame: its name, the tabs across its pages (scrolling sideways on a phone), the page. */
export function CsFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('cs');
  const current = tabOf(useLocation().pathname);
  const strip = useRef<HTMLUListElement>(null);
  // On a phone the strip scrolls sideways: the current tab is brought into it (sideways only, never the page).
  useEffect(() => {
    const list = strip.current;
    const tab = current ? list?.querySelector<HTMLElement>(`[data-cs-tab="${current}"]`)?.parentElement : null;
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = Math.max(0, tab.offsetLeft - list.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2);
  }, [current]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8" data-cs>
      <p className="text-sm font-bold text-brand-dark">{t('nav.title')}</p>
      <nav aria-label={t('nav.label')} className="mt-2 border-b border-neutral-200">
        <ul ref={strip} className="-mb-px flex overflow-x-auto">
          {TABS.map((tab) => (
            <li key={tab} className="shrink-0">
              <Link
                to={CS_PATHS[tab]}
                className={`flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand sm:px-4 ${
                  tab === current ? 'border-brand text-brand-dark' : 'border-transparent text-neutral-600 hover:text-neutral-900'
                }`}
                aria-current={tab === current ? 'page' : undefined}
                data-cs-tab={tab}
              >
                {t(`nav.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** A page's title with what sits on its right (a total, a button). */
export function CsHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
      <h1 className="text-xl font-extrabold sm:text-2xl">{title}</h1>
      {children}
    </div>
  );
}

const badge = 'inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-bold';

const QNA_TONE: Record<QnaState, string> = {
  waiting: 'bg-amber-100 text-amber-900',
  answered: 'bg-brand/15 text-brand-dark',
  complete: 'bg-neutral-200 text-neutral-700',
};

export function QnaStateBadge({ state }: { state: QnaState }) {
  const { t } = useTranslation('cs');
  return (
    <span className={`${badge} ${QNA_TONE[state]}`} data-qna-state={state}>
      {t(`qna.state.${state}`)}
    </span>
  );
}

const REPORT_TONE: Record<ReportState, string> = {
  received: 'bg-amber-100 text-amber-900',
  in_progress: 'bg-sky-100 text-sky-900',
  complete: 'bg-emerald-100 text-emerald-900',
};

export function ReportStateBadge({ state }: { state: ReportState }) {
  const { t } = useTranslation('cs');
  return (
    <span className={`${badge} ${REPORT_TONE[state]}`} data-report-state={state}>
      {t(`report.state.${state}`)}
    </span>
  );
}

/** The pinned mark of a notice. */
export function PinnedBadge() {
  const { t } = useTranslation('cs');
  return <span className={`${badge} bg-red-600 text-white`}>{t('notice.pinned')}</span>;
}

/** A chevron that turns when its `<details>` (class `group`) opens. */
export function Chevron() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 shrink-0 text-neutral-500 transition-transform group-open:rotate-180"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}

/** A text an operator or a member wrote: plain text with its line breaks, never HTML. */
export function PlainText({
  text,
  className = '',
  ...rest
}: { text: string; className?: string } & Record<`data-${string}`, string | boolean>) {
  return (
    <div className={`whitespace-pre-line break-words ${className}`} {...rest}>
      {text}
    </div>
  );
}
