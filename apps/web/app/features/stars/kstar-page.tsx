import type { ListSet, StarCard, StarGroup } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { kstarPath } from '../../lib/links';
import { useMoreList } from '../../lib/use-more-list';
import { useLang } from '../../lib/use-site';
import { EmptyState, ListFooter, LoadFailed, Total } from '../../ui/list-ui';
import { ServicePreparing } from '../../ui/service-preparing';
import type { StarListData } from './program-page';
import { KstarFacts, StarGrid } from './star-card';
import { kstarMore } from './stars-api';
import { useStarName } from './use-star-name';

export interface KstarData extends StarListData {
  /** `?group=`: one group's members ('' for every K-star). */
  group: string;
  /** The groups for the filter (POST /pubapi/member_group_list); empty when it could not be read. */
  groups: StarGroup[];
}

/**
 * /sub/kstar (issue 22): the K-stars, live first, with agency, group and debut day; chips filter by group
 * (`?group=`, from member_group_list) and a chosen group shows its agency, debut and members; named by the
 * site's term (sti_enter_bj_name); "more" adds the next page.
 */
export function KstarPage({ data }: { data: KstarData }) {
  const { t } = useTranslation('stars');
  const name = useStarName('kstar');
  if (data.preparing) return <ServicePreparing title={name} message={data.preparing} />;
  const chosen = data.groups.find((g) => g.group_name === data.group);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8" data-star-page="kstar" data-group={data.group}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-2xl font-extrabold">{name}</h1>
        {data.set && <Total n={data.set.data_totalcount} />}
      </div>
      <p className="mt-1 text-sm text-neutral-600">{t('lead.kstar')}</p>
      {data.groups.length > 0 && <GroupChips groups={data.groups} current={data.group} />}
      {chosen && <GroupInfo group={chosen} />}
      {data.set ? (
        <KstarList key={data.group} group={data.group} initial={data.set} name={name} />
      ) : (
        <LoadFailed message={data.message || t('loadFailed')} />
      )}
    </div>
  );
}

const chip =
  'inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/** The group filter: 전체, then each group (a dot when a member is live); one row that scrolls on a phone. */
function GroupChips({ groups, current }: { groups: StarGroup[]; current: string }) {
  const { t } = useTranslation('stars');
  const items = [
    { name: '', text: t('groups.all'), live: 0 },
    ...groups.map((g) => ({ name: g.group_name, text: g.group_name, live: g.live_cnt })),
  ];
  return (
    <nav aria-label={t('groups.label')} className="-mx-4 mt-4 overflow-x-auto px-4" data-group-chips>
      <ul className="flex gap-2 pb-1">
        {items.map((item) => {
          const on = item.name === current;
          return (
            <li key={item.name || '*'} className="shrink-0">
              <Link
                to={kstarPath(item.name)}
                aria-current={on ? 'page' : undefined}
                className={`${chip} ${on ? 'bg-brand text-white' : 'bg-neutral-100 text-neutral-800 hover:bg-neutral-200'}`}
                data-group-chip={item.name}
              >
                {item.live > 0 && (
                  <span className="size-2 rounded-full bg-red-500" title={t('groups.live', { n: item.live })} aria-hidden="true" />
                )}
                {item.text}
                {item.live > 0 && <span className="sr-only"> ({t('groups.live', { n: item.live })})</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The chosen group: its name, agency and first debut, how many members and how many are live. */
function GroupInfo({ group }: { group: StarGroup }) {
  const { t } = useTranslation('stars');
  const lang = useLang();
  return (
    <section className="mt-4 rounded-xl bg-neutral-50 px-4 py-3" aria-label={t('groups.info', { name: group.group_name })} data-group-info>
      <p className="font-bold [overflow-wrap:anywhere]">{group.group_name}</p>
      <div className="mt-1">
        <KstarFacts card={{ agency: group.agency, group_name: '', debut_date: group.debut_date }} />
      </div>
      <p className="mt-1 text-xs text-neutral-600 tabular-nums">
        {t('groups.members', { n: formatNumber(group.members.length, lang) })}
        {group.live_cnt > 0 && (
          <span className="ml-2 font-semibold text-red-600">{t('groups.live', { n: formatNumber(group.live_cnt, lang) })}</span>
        )}
      </p>
    </section>
  );
}

function KstarList({ group, initial, name }: { group: string; initial: ListSet<StarCard>; name: string }) {
  const { t } = useTranslation('stars');
  const list = useMoreList<ListSet<StarCard>>(
    initial,
    (offset) => kstarMore(group, offset, t('loadFailed')),
    (row) => row.user_key,
    t('loadFailed'),
  );
  if (list.rows.length === 0)
    return (
      <>
        <EmptyState name="kstar" text={group ? t('empty.group') : t('empty.kstar', { name })} />
        <ListFooter list={list} />
      </>
    );
  return (
    <>
      <StarGrid kind="kstar" cards={list.rows} />
      <ListFooter list={list} />
    </>
  );
}
