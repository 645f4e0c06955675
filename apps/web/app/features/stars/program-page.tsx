import type { ListSet, StarCard } from '@byeol/contract';
import { useTranslation } from '../../i18n/react';
import { useMoreList } from '../../lib/use-more-list';
import { EmptyState, ListFooter, LoadFailed, Total } from '../../ui/list-ui';
import { ServicePreparing } from '../../ui/service-preparing';
import { StarGrid } from './star-card';
import { programMore } from './stars-api';
import { useStarName } from './use-star-name';

/** What the /sub/program and /sub/kstar loaders hand their page: the first page, or the refusal. */
export interface StarListData {
  set: ListSet<StarCard> | null;
  /** SERVICE_PREPARING's message while the directory's switch is off; '' otherwise. */
  preparing: string;
  /** Any other refusal in the viewer's language; '' otherwise. */
  message: string;
}

/**
 * /sub/program (issue 22): the program accounts, live first (each with its live thumbnail, viewers and LIVE,
 * opening its live room), the others opening their channel; named by the site's term
 * (sti_program_bj_name); "more" adds the next page.
 */
export function ProgramPage({ data }: { data: StarListData }) {
  const { t } = useTranslation('stars');
  const name = useStarName('program');
  if (data.preparing) return <ServicePreparing title={name} message={data.preparing} />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8" data-star-page="program">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-2xl font-extrabold">{name}</h1>
        {data.set && <Total n={data.set.data_totalcount} />}
      </div>
      <p className="mt-1 text-sm text-neutral-600">{t('lead.program')}</p>
      {data.set ? <ProgramList initial={data.set} name={name} /> : <LoadFailed message={data.message || t('loadFailed')} />}
    </div>
  );
}

function ProgramList({ initial, name }: { initial: ListSet<StarCard>; name: string }) {
  const { t } = useTranslation('stars');
  const list = useMoreList<ListSet<StarCard>>(
    initial,
    (offset) => programMore(offset, t('loadFailed')),
    (row) => row.user_key,
    t('loadFailed'),
  );
  return (
    <>
      {list.rows.length === 0 ? (
        <EmptyState name="program" text={t('empty.program', { name })} />
      ) : (
        <StarGrid kind="program" cards={list.rows} />
      )}
      <ListFooter list={list} />
    </>
  );
}
