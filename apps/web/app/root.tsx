import { isLivePlayPath, resolveHeadMeta, resolveLang } from '@byeol/contract';
import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
} from 'react-router';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import { loadUser } from './features/account/account.server';
import { SignInPanelHost, SignInPanelProvider } from './features/account/sign-in-panel';
import { PolicyConsent } from './features/cs/policy-consent';
import { loadSiteInfo } from './features/site/site.server';
import { i18nFor } from './i18n';
import { TranslatorProvider, useTranslation } from './i18n/react';
import { useNonce } from './lib/nonce';
import { type RootData, useSite } from './lib/use-site';
import { DialogProvider } from './ui/dialogs';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'apple-touch-icon', href: '/icon-192.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const [site, user] = await Promise.all([loadSiteInfo(context, new URL(request.url).pathname), loadUser(context)]);
  return { site, lang: resolveLang(site.cur_lang_cd), now: Date.now(), user };
}

/**
 * Site info changes rarely and the head is computed from it on the client, so moving between pages does
 * not reload it; a form submission or an explicit revalidation does: the language switcher, and signing in,
 * signing up and signing out (features/account), which revalidate so the header shows the new user.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  return currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search;
}

/** SPEC §2: the head is looked up by request path and falls back to site-wide values. */
export const meta: Route.MetaFunction = ({ data, location }) => {
  if (!data) return [{ title: '별' }];
  const head = resolveHeadMeta(data.site.site_meta, data.site.page_meta_list, location.pathname);
  return [
    { title: head.title },
    { name: 'description', content: head.description },
    { name: 'keywords', content: head.keywords },
    { property: 'og:title', content: head.title },
    { property: 'og:description', content: head.description },
    { property: 'og:image', content: head.og_image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:image', content: head.twitter_image },
  ];
};

export function Layout({ children }: { children: React.ReactNode }) {
  const lang = useSite()?.lang ?? 'ko';
  const { pathname } = useLocation();
  const i18n = i18nFor(lang);
  const nonce = useNonce();
  // Marks the page as interactive: a tap before hydration is lost, so browser tests wait for this
  // (e2e/support/browser.ts) instead of guessing from network quiet. What lib/use-hydrated.ts tells a
  // component, written to the DOM directly: as state here it would render the whole page a second time.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#6d4aff" />
        <Meta />
        <Links />
      </head>
      <body className={isLivePlayPath(pathname) ? 'bg-neutral-950 text-neutral-100' : 'bg-white text-neutral-900'}>
        <TranslatorProvider translator={i18n}>
          <div className="wrap min-h-screen">
            <SignInPanelProvider>
              <DialogProvider>
                <SignInPanelHost />
                {children}
              </DialogProvider>
            </SignInPanelProvider>
          </div>
        </TranslatorProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      {/* Required policies changed since the member agreed: asked once per page load (features/cs). */}
      <PolicyConsent />
    </>
  );
}

/** Faults outside any layout (e.g. the API unreachable): a plain page, never a stack in production. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">{t('error.title')}</h1>
      <p className="mt-3 text-neutral-600">
        {status} · {t('error.retry')}
      </p>
    </main>
  );
}
