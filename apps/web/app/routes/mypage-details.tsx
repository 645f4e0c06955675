import { concertsEndpoints, kstMonthOf, progressionEndpoints, ResultCode } from '@byeol/contract';
import { loadUser } from '../features/account/account.server';
import { GAME_PAGE_SIZE } from '../features/achieve/achieve-rules';
import { GameDetails } from '../features/achieve/game-details';
import { TICKET_PAGE_SIZE } from '../features/concerts/concert-rules';
import { MyTickets } from '../features/concerts/my-tickets';
import {
  DETAILS_PAGE_SIZE,
  DETAILS_PATHS,
  DETAILS_TABS,
  type DetailsAccount,
  DetailsPage,
  type DetailsRow,
  type DetailsTab,
} from '../features/store/details-page';
import { offeredMonths } from '../features/store/item-rules';
import type { MonthList } from '../features/store/store-api';
import { useTranslation } from '../i18n/react';
import { loadEndpoint, postApi } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-details';

/**
 * SPEC §2 /mypage/details: `?tab=star|cubic|items|supporters_auto|supporters_regular|concert`, `?month=YYYY-MM` (KST; the current month when absent
 * or not offered) and for a BJ's STAR `?account=earnings`. Logged out: the sign-in gate.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await loadUser(context);
  if (!user) return { data: null };
  const asked = url.searchParams.get('tab');
  // Issue 22: the concert tickets' tab (not by month; SERVICE_PREPARING's message while concerts are off).
  const concert = asked === 'concert' ? await loadTickets(context) : null;
  // Issue 23: the game coins' tab (SERVICE_PREPARING's message while the game switch is off).
  const game = asked === 'game' ? await loadEndpoint(context, progressionEndpoints.game, { offset: 0, limit: GAME_PAGE_SIZE }) : null;
  const tab: DetailsTab = DETAILS_TABS.find((t) => t === asked) ?? 'star';
  const broadcaster = user.type_cd === 'bj';
  const account: DetailsAccount = tab === 'star' && broadcaster && url.searchParams.get('account') === 'earnings' ? 'earnings' : 'wallet';
  const now = Date.now();
  const askedMonth = url.searchParams.get('month');
  // The API decides which months it shows (WALLET_MONTH_OUT_OF_RANGE otherwise, shown on the page).
  const month = askedMonth && /^\d{4}-(0[1-9]|1[0-2])$/.test(askedMonth) ? askedMonth : kstMonthOf(now);
  const answer = await postApi<MonthList<DetailsRow>>(context, `/v1${DETAILS_PATHS[tab]}`, {
    offset: 0,
    limit: DETAILS_PAGE_SIZE,
    month,
    ...(tab === 'star' ? { account } : {}),
  });
  if (
    answer.rslt_cd === ResultCode.LOGIN_REQUIRED ||
    concert?.rslt_cd === ResultCode.LOGIN_REQUIRED ||
    game?.rslt_cd === ResultCode.LOGIN_REQUIRED
  )
    return { data: null };
  const ok = answer.rslt_cd === 0;
  const months = offeredMonths(ok ? answer.rslt_set.months : undefined, now);
  return {
    data: {
      tab,
      account,
      month,
      months,
      list: ok ? answer.rslt_set : null,
      message: ok ? '' : answer.rslt_msg,
      broadcaster,
    },
    concert: concert && { set: concert.rslt_cd === 0 ? concert.rslt_set : null, message: concert.rslt_cd === 0 ? '' : concert.rslt_msg },
    game: game && { total: game.rslt_cd === 0 ? game.rslt_set.data_totalcount : null, message: game.rslt_cd === 0 ? '' : game.rslt_msg },
  };
}

/** The first page of the caller's concert tickets. */
function loadTickets(context: Route.LoaderArgs['context']) {
  return loadEndpoint(context, concertsEndpoints.detailsConcert, { offset: 0, limit: TICKET_PAGE_SIZE });
}

export default function MypageDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('store');
  const { data } = loaderData;
  return (
    <LoginGate signedIn={data !== null} title={t('details.title')}>
      {data && (
        <DetailsPage
          data={data}
          concert={
            'concert' in loaderData && loaderData.concert ? (
              loaderData.concert.set ? (
                <MyTickets initial={loaderData.concert.set} />
              ) : (
                <p role="alert" className="mt-6 rounded-lg bg-red-50 p-6 text-center text-red-700" data-details-concert-refused>
                  {loaderData.concert.message || t('list.loadFailed')}
                </p>
              )
            ) : undefined
          }
          game={'game' in loaderData && loaderData.game ? <GameDetails {...loaderData.game} /> : undefined}
        />
      )}
    </LoginGate>
  );
}
