import type { ChannelInfoSet } from '@byeol/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useOutletContext, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { channelPath, messageComposePath, playPath, programPath } from '../../lib/links';
import { useLang, useUser } from '../../lib/use-site';
import { Avatar } from '../../ui/avatar';
import { useDialog } from '../../ui/dialogs';
import { primaryButton, secondaryButton } from '../../ui/fields';
import { LiveBadge } from '../../ui/live-badge';
import { useSignIn } from '../../ui/sign-in';
import { ChannelBanner } from './channel-images';
import { vipTitle } from './channel-rules';
import { FanNoBadge, VipBadge } from './channel-ui';
import { subscribe } from './channels-api';

/** What the channel's tabs read from the page: the channel head of GET /channel/bj_info. */
interface ChannelOutlet {
  info: ChannelInfoSet;
}

/** The channel head inside a tab of /channel/bj/{id}. */
export function useChannel(): ChannelInfoSet {
  return useOutletContext<ChannelOutlet>().info;
}

/** A BJ's channel (/channel/bj/{id}) or a program account's (/channel/program/{id}). */
export type ChannelKind = 'bj' | 'program';

/** A program account (bj_type_cd program) also has the program channel of its replays and comments. */
export const isProgramChannel = (info: ChannelInfoSet) => info.bj.bj_type_cd === 'program';

/**
 * /channel/bj/{id} (issue 17): the banner (when the BJ set one), the channel header on every tab (picture, nick, @id, status message, followers
 * and fan club with separators, follow and message buttons, the viewer's fan number and VIP rank), the tabs,
 * then the tab's own page. /channel/program/{id} has the same header with the program's two tabs.
 */
export function ChannelLayout({ info, kind = 'bj' }: { info: ChannelInfoSet; kind?: ChannelKind }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pb-12 pt-6" data-channel={info.bj.id} data-channel-kind={kind}>
      <ChannelBanner src={info.images.banner_image} nick={info.bj.nick} />
      <ChannelHeader info={info} kind={kind} />
      <ChannelTabs info={info} kind={kind} />
      <div className="mt-6">
        <Outlet context={{ info } satisfies ChannelOutlet} />
      </div>
    </div>
  );
}

function ChannelHeader({ info, kind }: { info: ChannelInfoSet; kind: ChannelKind }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const user = useUser();
  const signIn = useSignIn();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const { bj, viewer } = info;
  // The answer of a follow press applies to the channel head it was made against; a new head (after
  // signing in, or a reload) answers for itself.
  const latest = useRef(info);
  latest.current = info;
  const [local, setLocal] = useState<{ of: ChannelInfoSet; subscribed: boolean; followers: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const subscribed = local?.of === info ? local.subscribed : viewer?.subscribed_yn === 'Y';
  const followers = local?.of === info ? local.followers : info.follower_cnt;
  const owner = viewer?.is_owner === 'Y' || (user !== null && user.user_key === bj.user_key);
  const standing = owner || (viewer?.fan_no ?? 0) > 0 || vipTitle(viewer?.vip_rank) !== null;

  async function toggle() {
    const on = !subscribed;
    const wasGuest = user === null;
    // Guests sign in first, in the panel the whole site uses; then the follow goes ahead.
    if (wasGuest && !(await signIn.open())) return;
    setBusy(true);
    const res = await subscribe(bj.id, on, t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      dialog.toast(res.rslt_msg || t('error.retry'));
      return;
    }
    setLocal({ of: latest.current, subscribed: res.rslt_set.subscribed_yn === 'Y', followers: res.rslt_set.follower_cnt });
    dialog.toast(res.rslt_set.subscribed_yn === 'Y' ? t('header.followed', { nick: bj.nick }) : t('header.unfollowed', { nick: bj.nick }));
    // A guest's head was loaded before signing in: load it again with their standing (fan number, rank).
    if (wasGuest) void revalidator.revalidate();
  }

  return (
    <section aria-labelledby="channel-nick" className="flex flex-col gap-4 sm:flex-row sm:items-start" data-channel-header>
      <div className="flex min-w-0 flex-1 gap-4">
        <Avatar src={bj.profile_image} nick={bj.nick} size="size-16 sm:size-24" text="text-2xl sm:text-4xl" />
        <div className="min-w-0 flex-1">
          <h1 id="channel-nick" className="flex flex-wrap items-center gap-2 text-xl font-extrabold sm:text-2xl">
            <span className="break-all" data-channel-nick>
              {bj.nick}
            </span>
            {info.live && (
              <Link to={playPath(info.live.vod_key)} className="inline-flex" data-channel-live>
                <LiveBadge />
                <span className="sr-only">{t('header.watchLive', { nick: bj.nick })}</span>
              </Link>
            )}
          </h1>
          <p className="break-all text-sm text-neutral-500" data-channel-id>
            @{bj.id}
          </p>
          {bj.state_memo && (
            <p className="mt-1 whitespace-pre-line text-sm text-neutral-700" data-state-memo>
              {bj.state_memo}
            </p>
          )}
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-neutral-600">
            <span data-follower-cnt={followers}>
              {t('header.followers')} <b className="tabular-nums text-neutral-900">{formatNumber(followers, lang)}</b>
            </span>
            <span data-fan-cnt={info.fan_cnt}>
              {t('header.fans')} <b className="tabular-nums text-neutral-900">{formatNumber(info.fan_cnt, lang)}</b>
            </span>
          </p>
          {isProgramChannel(info) && (
            <p className="mt-2 text-sm">
              {kind === 'bj' ? (
                <Link
                  to={programPath(bj.id)}
                  className="font-semibold text-brand-dark underline-offset-2 hover:underline"
                  data-program-link
                >
                  {t('program.toProgram')}
                </Link>
              ) : (
                <Link
                  to={channelPath(bj.id)}
                  className="font-semibold text-brand-dark underline-offset-2 hover:underline"
                  data-bj-channel-link
                >
                  {t('program.toChannel')}
                </Link>
              )}
            </p>
          )}
          {standing && (
            <p className="mt-2 flex flex-wrap gap-1.5" data-viewer-standing>
              {owner && (
                <span className="rounded-full bg-brand/10 px-2 py-0.5 text-xs font-bold text-brand-dark" data-owner>
                  {t('header.mine')}
                </span>
              )}
              {viewer?.fan_no ? <FanNoBadge n={viewer.fan_no} /> : null}
              <VipBadge rank={viewer?.vip_rank} />
            </p>
          )}
        </div>
      </div>
      <div className="flex gap-2 sm:shrink-0">
        {owner ? (
          <Link to="/mypage/stream" className={`${secondaryButton} inline-flex flex-1 items-center justify-center sm:flex-none`}>
            {t('header.studio')}
          </Link>
        ) : (
          <>
            <button
              type="button"
              onClick={() => void toggle()}
              disabled={busy}
              aria-pressed={subscribed}
              className={`${subscribed ? secondaryButton : primaryButton} flex-1 sm:flex-none`}
              data-follow={subscribed ? 'on' : 'off'}
            >
              {subscribed ? t('header.following') : t('header.follow')}
            </button>
            <Link
              to={messageComposePath(bj.id)}
              className={`${secondaryButton} inline-flex flex-1 items-center justify-center sm:flex-none`}
              data-channel-message
            >
              {t('header.message')}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}

function ChannelTabs({ info, kind }: { info: ChannelInfoSet; kind: ChannelKind }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const id = info.bj.id;
  const tabs: { tab: string; to: string; text: string; n?: number }[] =
    kind === 'program'
      ? [
          { tab: 'home', to: programPath(id), text: t('tabs.play'), n: info.replay_cnt },
          { tab: 'comment', to: programPath(id, 'comment'), text: t('tabs.comment') },
        ]
      : [
          { tab: 'home', to: channelPath(id), text: t('tabs.home') },
          { tab: 'play', to: channelPath(id, 'play'), text: t('tabs.play'), n: info.replay_cnt },
          // Issue 21: the BJ's planned broadcasts (features/schedule), on every BJ channel.
          { tab: 'schedule', to: channelPath(id, 'schedule'), text: t('channel.tab', { ns: 'schedule' }) },
          { tab: 'feed', to: channelPath(id, 'feed'), text: t('tabs.feed') },
          { tab: 'fan', to: channelPath(id, 'fan'), text: t('tabs.fan'), n: info.fan_cnt },
          { tab: 'comment', to: channelPath(id, 'comment'), text: t('tabs.comment') },
          { tab: 'profile', to: channelPath(id, 'profile'), text: t('tabs.profile') },
        ];
  // On a narrow screen the row scrolls sideways: the current tab is scrolled into sight.
  const row = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const list = row.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || pathname === '') return;
    const left = current.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + current.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = left;
  }, [pathname]);
  return (
    <nav aria-label={t('tabs.label')} className="mt-6 border-b border-neutral-200">
      <ul ref={row} className="-mb-px flex overflow-x-auto">
        {tabs.map(({ tab, to, text, n }) => (
          <li key={tab} className="shrink-0">
            <NavLink
              to={to}
              end
              preventScrollReset
              className={({ isActive }) =>
                `flex min-h-11 items-center gap-1 whitespace-nowrap border-b-2 px-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand sm:px-4 ${
                  isActive ? 'border-brand text-brand-dark' : 'border-transparent text-neutral-600 hover:text-neutral-900'
                }`
              }
              data-channel-tab={tab}
            >
              {text}
              {n !== undefined && n > 0 && (
                <span className="hidden text-xs font-normal text-neutral-500 sm:inline">{formatNumber(n, lang)}</span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
