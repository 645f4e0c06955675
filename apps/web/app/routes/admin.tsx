import { resolveLang } from '@byeol/contract';
import { data, Outlet } from 'react-router';
import { loadAdminGate } from '../features/admin/admin.server';
import { AdminFrame, AdminRefused } from '../features/admin/admin-ui';
import { loadNamespace } from '../i18n';
import { useTranslation } from '../i18n/react';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/admin';

/**
 * The operator console's frame (/admin and its screens, docs/admin.md). The server decides who may enter:
 * signed out → the sign-in gate; a member who is no operator or GM → the refusal page (HTTP 403).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const gate = await loadAdminGate(context);
  if (gate.kind === 'forbidden') return data(gate, { status: 403 });
  return gate;
}

/**
 * Entering the console from another page in the browser: its texts (an on-demand namespace,
 * i18n/on-demand.ts) arrive with the gate. A page load of /admin gets them before hydrating (entry.client.tsx).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [gate] = await Promise.all([serverLoader(), loadNamespace(resolveLang(document.documentElement.lang), 'admin')]);
  return gate;
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const gate = loaderData;
  if (gate.kind === 'forbidden') return <AdminRefused message={gate.message} />;
  if (gate.kind === 'signed-out')
    return (
      <LoginGate signedIn={false} title={t('title')}>
        {null}
      </LoginGate>
    );
  return (
    <AdminFrame dashboard={gate.dashboard}>
      <Outlet context={gate.dashboard} />
    </AdminFrame>
  );
}
