import type { AdminAuditEntry } from '@byeol/contract';
import { Form, useNavigation, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { primaryButton, secondaryButton } from '../../ui/fields';
import type { AdminList } from './admin.server';
import { AdminEmpty, AuditTable, inputClass, ListError, Pager, ScreenTitle } from './admin-ui';
import { AUDIT_ACTIONS, isLabelledAction } from './community-rules';

/** Every audited operator action (payments, grants, the catalogue, rankings, the community), newest first, by action and actor. */
export function AuditPage({ data, page }: { data: AdminList<AdminAuditEntry>; page: number }) {
  const { t } = useTranslation('admin');
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const searching = navigation.state !== 'idle';
  return (
    <div data-admin-audit>
      <ScreenTitle title={t('audit.title')} />
      <Form method="get" className="grid gap-3 rounded-xl border border-neutral-200 p-4 sm:grid-cols-3" data-audit-filter>
        <label className="block text-xs font-semibold text-neutral-600">
          {t('audit.action')}
          <select name="action" defaultValue={params.get('action') ?? ''} className={`${inputClass} mt-1`}>
            <option value="">{t('orders.filter.any')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {isLabelledAction(a) ? t(`action.${a}`) : a}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-xs font-semibold text-neutral-600">
          {t('audit.actor')}
          <input
            name="actor"
            defaultValue={params.get('actor') ?? ''}
            placeholder={t('orders.filter.memberHint')}
            className={`${inputClass} mt-1`}
          />
        </label>
        <div className="flex items-end gap-2">
          <button type="submit" className={primaryButton} disabled={searching}>
            {searching ? t('orders.searching') : t('orders.search')}
          </button>
          <a href="/admin/audit" className={secondaryButton}>
            {t('orders.reset')}
          </a>
        </div>
      </Form>
      <div className="mt-4">
        {!data.ok ? (
          <ListError message={data.message} />
        ) : data.list.data_list.length === 0 ? (
          <AdminEmpty name="audit" text={t('audit.empty')} />
        ) : (
          <AuditTable entries={data.list.data_list} />
        )}
      </div>
      {data.ok && <Pager page={page} total={data.list.data_totalcount} busy={searching} />}
    </div>
  );
}
