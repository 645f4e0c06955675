import {
  type FanLevelItem,
  type GradeDetailInfo,
  type LevelTableSet,
  type ListSet,
  resultMessage,
  XP_RULES,
  type XpGrantItem,
} from '@byeol/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { useBjTerm, useLang } from '../../lib/use-site';
import { useStarName } from '../../lib/use-star-name';
import { primaryButton } from '../../ui/fields';
import { BackToMyPage, LoadFailed } from '../../ui/list-ui';
import { LevelBadge, VipGradeBadge } from './level-badge';
import { EarnTable, FanLevelList, LevelBar, LevelCard, LevelTableDetails, XpHistoryList } from './level-ui';
import { bjEarnRows, memberEarnRows, toNext } from './progression-rules';

/** What the level pages' loaders read (null: that call failed). */
export interface LevelPageData {
  info: GradeDetailInfo | null;
  tables: LevelTableSet | null;
  fans: ListSet<FanLevelItem> | null;
  history: ListSet<XpGrantItem> | null;
  /** Why the level info could not be read. */
  message: string;
}

function Frame({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10" data-level-page={name}>
      <BackToMyPage />
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

/**
 * /mypage/level/user (issue 23): my member level with its bar, my VIP grade (STAR given in the window, what
 * the next grade asks), today's attendance, how experience is earned, the level tables, my fan levels with
 * BJs and my experience history.
 */
export function UserLevelPage({ data }: { data: LevelPageData }) {
  const { t } = useTranslation('progression');
  const lang = useLang();
  const star = useStarName();
  const bj = useBjTerm();
  const { info, tables } = data;
  if (!info)
    return (
      <Frame name="user" title={t('user.title')}>
        <LoadFailed message={data.message || t('loadFailed')} />
      </Frame>
    );
  const days = info.vip_window_days;
  const rules = tables?.xp_rules ?? XP_RULES;
  const vipLeft = toNext(info.vip);
  const amount = (n: number) => t('amount', { star, n: formatNumber(n, lang) });
  return (
    <Frame name="user" title={t('user.title')}>
      <p className="mt-1 text-sm text-neutral-600">{t('user.hint', { star })}</p>
      <div className="mt-5 grid gap-4">
        <LevelCard name="user" title={t('user.level')} aside={<LevelBadge level={info.user.level} size="lg" />}>
          <LevelBar name="user" label={t('user.level')} standing={info.user} />
        </LevelCard>
        <div className="grid gap-4 sm:grid-cols-2">
          <LevelCard
            name="vip"
            title={t('vip.title')}
            aside={
              info.vip.level > 0 ? (
                <VipGradeBadge grade={info.vip.level} size="lg" />
              ) : (
                <span className="text-sm font-semibold text-neutral-500" data-vip-grade="0">
                  {t('vip.none')}
                </span>
              )
            }
          >
            <dl className="mt-3 text-sm">
              <div className="flex flex-wrap justify-between gap-x-3">
                <dt className="text-neutral-600">{t('vip.given', { days, star })}</dt>
                <dd className="font-bold tabular-nums" data-vip-given={info.vip.exp}>
                  {amount(info.vip.exp)}
                </dd>
              </div>
            </dl>
            <p className="mt-2 text-sm font-semibold text-amber-800" data-vip-next={vipLeft ?? 'top'}>
              {vipLeft === null ? t('vip.top') : t('vip.toNext', { grade: info.vip.level + 1, amount: amount(vipLeft) })}
            </p>
            <p className="mt-3 text-xs text-neutral-500">{t('vip.note', { days, star })}</p>
          </LevelCard>
          <LevelCard name="attend" title={t('attend.title')}>
            <p
              className={`mt-3 text-lg font-bold ${info.attend_today === 'Y' ? 'text-emerald-700' : 'text-neutral-600'}`}
              data-attend-today={info.attend_today}
            >
              {info.attend_today === 'Y' ? `✓ ${t('attend.done', { n: rules.attend })}` : t('attend.notYet')}
            </p>
            <p className="mt-2 text-xs text-neutral-500">{t('attend.hint')}</p>
          </LevelCard>
        </div>
      </div>

      <section className="mt-8" data-earn="user">
        <h2 className="text-lg font-bold">{t('earn.title')}</h2>
        <EarnTable rows={memberEarnRows(rules)} columns={['user', 'fan']} starPerPoint={rules.starPerPoint} />
        <p className="mt-2 text-xs text-neutral-500">{t('earn.fanNote', { bj, star })}</p>
      </section>

      {tables && (
        <section className="mt-6 space-y-2" data-level-tables>
          <LevelTableDetails
            name="user"
            title={t('table.user')}
            table={tables.level_tables.user}
            current={info.user.level}
            needLabel={t('table.need')}
          />
          <LevelTableDetails
            name="vip"
            title={t('table.vip')}
            table={tables.level_tables.vip}
            current={info.vip.level}
            grade
            needLabel={t('table.needStar', { days: tables.vip_window_days, star })}
          />
          <LevelTableDetails name="fan" title={t('table.fan')} table={tables.level_tables.fan} current={0} needLabel={t('table.need')} />
        </section>
      )}

      <FanLevelList mode="mine" initial={data.fans} />
      <XpHistoryList ladder="user" initial={data.history} />
    </Frame>
  );
}

/**
 * /mypage/level/bj (issue 23): my BJ level with its bar, how a BJ earns, the BJ level table, my fans by fan
 * level and my BJ experience history. A member who is not a BJ is told so (LEVEL_NOT_BJ) with the way to
 * apply.
 */
export function BjLevelPage({ data }: { data: LevelPageData }) {
  const { t } = useTranslation('progression');
  const lang = useLang();
  const star = useStarName();
  const bj = useBjTerm();
  const { info, tables } = data;
  const title = t('bj.title', { bj });
  if (!info)
    return (
      <Frame name="bj" title={title}>
        <LoadFailed message={data.message || t('loadFailed')} />
      </Frame>
    );
  if (!info.bj)
    return (
      <Frame name="bj" title={title}>
        <div className="mt-6 rounded-2xl bg-neutral-50 p-6 text-center" data-level-not-bj>
          <p className="text-neutral-700">{resultMessage('LEVEL_NOT_BJ', lang)}</p>
          <Link to="/mypage/signup/bj" className={`${primaryButton} mt-4 inline-flex items-center`} data-level-bj-signup>
            {t('bj.signup', { bj })}
          </Link>
        </div>
      </Frame>
    );
  const rules = tables?.xp_rules ?? XP_RULES;
  return (
    <Frame name="bj" title={title}>
      <p className="mt-1 text-sm text-neutral-600">{t('bj.hint', { star })}</p>
      <div className="mt-5">
        <LevelCard name="bj" title={t('bj.level', { bj })} aside={<LevelBadge level={info.bj.level} size="lg" />}>
          <LevelBar name="bj" label={t('bj.level', { bj })} standing={info.bj} />
        </LevelCard>
      </div>

      <section className="mt-8" data-earn="bj">
        <h2 className="text-lg font-bold">{t('earn.title')}</h2>
        <EarnTable rows={bjEarnRows(rules)} columns={['bj']} starPerPoint={rules.starPerPoint} />
      </section>

      {tables && (
        <section className="mt-6 space-y-2" data-level-tables>
          <LevelTableDetails
            name="bj"
            title={t('table.bj', { bj })}
            table={tables.level_tables.bj}
            current={info.bj.level}
            needLabel={t('table.need')}
          />
          <LevelTableDetails name="fan" title={t('table.fan')} table={tables.level_tables.fan} current={0} needLabel={t('table.need')} />
        </section>
      )}

      <FanLevelList mode="bj" initial={data.fans} />
      <XpHistoryList ladder="bj" initial={data.history} />
    </Frame>
  );
}
