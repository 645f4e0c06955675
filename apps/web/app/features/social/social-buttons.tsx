import {
  resultCodeName,
  resultMessage,
  SOCIAL_ERROR_PARAM,
  type SocialProvider,
  type SocialProviderInfo,
  socialEndpoints,
} from '@byeol/contract';
import { useEffect, useId, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { safeRedirect } from '../../lib/redirect';
import { useLang, useSite } from '../../lib/use-site';

/** The enabled providers are asked once per page load; every set of buttons shares the answer. */
let providersOnce: Promise<SocialProviderInfo[]> | null = null;

function loadProviders(): Promise<SocialProviderInfo[]> {
  providersOnce ??= api
    .call(socialEndpoints.providers)
    .then((res) => (res.rslt_cd === 0 ? res.rslt_set.data_list : []))
    .catch(() => {
      providersOnce = null;
      return [];
    });
  return providersOnce;
}

/** The enabled providers (GET /v1/user/social_providers); empty until known, and when there are none. */
export function useSocialProviders(): SocialProviderInfo[] {
  const [providers, setProviders] = useState<SocialProviderInfo[]>([]);
  useEffect(() => {
    let live = true;
    void loadProviders().then((list) => {
      if (live) setProviders(list);
    });
    return () => {
      live = false;
    };
  }, []);
  return providers;
}

const BUTTON_STYLE: Record<SocialProvider, string> = {
  google: 'border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-50',
  naver: 'bg-[#03C75A] text-white hover:bg-[#02b351]',
  apple: 'bg-black text-white hover:bg-neutral-800',
};
const MARK: Record<SocialProvider, string> = { google: 'G', naver: 'N', apple: 'A' };

/** Where the browser comes back to: the sign-in page's `?redirect=`, home from the sign-up pages, else here. */
function useReturnTo(): string {
  const location = useLocation();
  const [params] = useSearchParams();
  if (location.pathname === '/user/login') return safeRedirect(params.get('redirect'));
  if (location.pathname.startsWith('/user/')) return '/';
  return safeRedirect(`${location.pathname}${location.search}`);
}

/** The message of a refused social sign-in (`?social_error=<rslt_cd>`), in the page's language. */
export function SocialError() {
  const lang = useLang();
  const [params] = useSearchParams();
  const name = resultCodeName(Number(params.get(SOCIAL_ERROR_PARAM)));
  if (!name || name === 'OK') return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700" data-social-error>
      {resultMessage(name, lang)}
    </p>
  );
}

/**
 * "Continue with Google / Naver / Apple": one link per enabled provider (none when social login is off or
 * no provider is configured). Each starts the sign-in on the server, which sends the browser to the
 * provider and back.
 */
export function SocialButtons({ returnTo, heading = true }: { returnTo?: string; heading?: boolean }) {
  const { t } = useTranslation('social');
  const uid = useId();
  const providers = useSocialProviders();
  const fallbackReturn = useReturnTo();
  const switchOff = useSite()?.site.site_setting?.social_login_yn === 'N';
  if (switchOff || providers.length === 0) return null;
  const back = encodeURIComponent(returnTo ?? fallbackReturn);
  return (
    <section
      aria-labelledby={heading ? `${uid}-social` : undefined}
      aria-label={heading ? undefined : t('buttons.heading')}
      className="space-y-2"
    >
      {heading && (
        <h2 id={`${uid}-social`} className="flex items-center gap-3 text-xs font-semibold text-neutral-500">
          <span aria-hidden="true" className="h-px flex-1 bg-neutral-200" />
          {t('buttons.heading')}
          <span aria-hidden="true" className="h-px flex-1 bg-neutral-200" />
        </h2>
      )}
      <ul className="space-y-2">
        {providers.map(({ provider, start_url }) => (
          <li key={provider}>
            <a
              href={`${start_url}?return_to=${back}`}
              data-provider={provider}
              className={`flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${BUTTON_STYLE[provider]}`}
            >
              <span aria-hidden="true" className="font-black">
                {MARK[provider]}
              </span>
              {t(`buttons.${provider}`)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
