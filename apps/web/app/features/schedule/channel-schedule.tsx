import type { ScheduleItem } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useUser } from '../../lib/use-site';
import { LoadFailed } from '../../ui/list-ui';
import { useChannel } from '../channels';
import { byDay } from './schedule-rules';
import { EmptyNote, SlotCard, useDateLabels } from './schedule-ui';

/**
 * The channel's schedule tab (/channel/bj/{id}/schedule, issue 21): the BJ's broadcasts from the one in
 * progress on (GET /mypage/schedule_html with the BJ's ID), by KST day, with the LIVE badge to the room while
 * the BJ is on air for one; the owner gets the way to plan them.
 */
export function ChannelSchedule({ list, message }: { list: ScheduleItem[] | null; message: string }) {
  const { t } = useTranslation('schedule');
  const info = useChannel();
  const user = useUser();
  const labels = useDateLabels();
  const owner = info.viewer?.is_owner === 'Y' || (user !== null && user.user_key === info.bj.user_key);
  return (
    <section aria-labelledby="channel-schedule-title" data-channel-schedule={list?.length ?? ''}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="channel-schedule-title" className="text-lg font-bold">
          {t('channel.title')}
        </h2>
        <div className="flex flex-wrap gap-x-3">
          {owner && (
            <Link
              to="/mypage/schedule"
              className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-dark hover:underline"
              data-schedule-manage
            >
              {t('channel.manage')}
            </Link>
          )}
          <Link to="/sub/schedule" className="inline-flex min-h-11 items-center text-sm font-semibold text-neutral-600 hover:underline">
            {t('channel.all')}
          </Link>
        </div>
      </div>
      <p className="text-xs text-neutral-500">{t('kst')}</p>
      {!list ? (
        <LoadFailed message={message || t('loadFailed')} />
      ) : list.length === 0 ? (
        <EmptyNote name="channel-schedule" text={t('channel.empty')} className="mt-4" />
      ) : (
        <ol className="mt-4 space-y-5">
          {[...byDay(list)].map(([day, slots]) => (
            <li key={day} aria-labelledby={`channel-day-${day}`} data-schedule-day={day}>
              <h3 id={`channel-day-${day}`} className="border-b border-neutral-200 pb-1 text-sm font-bold text-neutral-800">
                {labels.day(day)}
              </h3>
              <ul className="mt-2 grid gap-2 md:grid-cols-2">
                {slots.map((slot) => (
                  <SlotCard key={slot.schedule_sn} slot={slot} showBj={false} />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
