/**
 * Namespaces a browser loads only for the pages that use them, not with the language's texts before every
 * page (issue 20: texts per route): the operator console's (a fifth of the Korean texts) for `/admin` and
 * its screens. The build emits each as `virtual:byeol-i18n/{lang}/{ns}` (apps/web/i18n-per-language.ts).
 */
export const ON_DEMAND_NAMESPACES = ['admin'] as const;
export type OnDemandNamespace = (typeof ON_DEMAND_NAMESPACES)[number];

/** The on-demand namespaces a path's page uses. */
export function onDemandNamespacesOf(pathname: string): OnDemandNamespace[] {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? ['admin'] : [];
}
