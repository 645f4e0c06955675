import type { SiteFooter, SiteSwitch } from '@byeol/contract';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { useDialog } from '../../ui/dialogs';
import { ScreenTitle, StateBadge, useHydrated } from './admin-ui';
import { switchSite } from './editorial-console-api';
import { switchStates } from './editorial-console-rules';
import { PolicyNoticeForm } from './policy-notice-form';
import { SiteFooterForm } from './site-footer-form';

export interface SiteData {
  /** The site info's `site_setting` when the page was rendered. */
  settings: Record<string, unknown>;
  /** The policies' notice days (site info `policy_notice_days`). */
  noticeDays: number;
  /** The footer's company data (site info `site_footer`). */
  footer: SiteFooter;
}

/**
 * The site switches of SPEC §1 (docs/editorial.md): each with its meaning and current value, turned on or
 * off after a confirmation (audited; every process of the site follows at once). The value shown after a
 * change is the answer's `site_setting`. Below them, the policies' notice days (policy-notice-form.tsx) and
 * the footer's company data (site-footer-form.tsx).
 */
export function SitePage({ data }: { data: SiteData }) {
  const { t } = useTranslation('admin');
  const dialog = useDialog();
  const [settings, setSettings] = useState<Record<string, unknown>>(data.settings);
  const [busy, setBusy] = useState<SiteSwitch | null>(null);
  const ready = useHydrated();

  async function flip(name: SiteSwitch, on: boolean) {
    const feature = t(`site.switch.${name}.name`);
    const ask = t(on ? 'site.confirmOn' : 'site.confirmOff', { name: feature });
    if (!(await dialog.confirm(ask, { title: t('site.confirmTitle') }))) return;
    setBusy(name);
    const res = await switchSite(name, on, t('error.retry'));
    setBusy(null);
    if (!isOk(res)) {
      await dialog.ok(res.rslt_msg || t('error.retry'));
      return;
    }
    setSettings(res.rslt_set.site_setting);
    dialog.toast(t(res.rslt_set.value === 'Y' ? 'site.doneOn' : 'site.doneOff', { name: feature }));
  }

  return (
    <div data-admin-site>
      <ScreenTitle title={t('site.title')} />
      <p className="mb-4 text-sm text-neutral-600">{t('site.intro')}</p>
      <ul className="divide-y divide-neutral-100 rounded-xl border border-neutral-200">
        {switchStates(settings).map(({ name, on }) => (
          <li key={name} className="flex items-center gap-3 p-4" data-site-switch={name} data-on={on ? 'Y' : 'N'}>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span id={`switch-${name}-name`} className="font-semibold text-neutral-900">
                  {t(`site.switch.${name}.name`)}
                </span>
                <code className="text-xs text-neutral-400">{name}_yn</code>
                <StateBadge tone={on ? 'green' : 'grey'} name={on ? 'on' : 'off'}>
                  {on ? t('site.on') : t('site.off')}
                </StateBadge>
              </div>
              <p id={`switch-${name}-meaning`} className="mt-1 text-sm text-neutral-600">
                {t(`site.switch.${name}.meaning`)}
              </p>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={on}
              aria-labelledby={`switch-${name}-name`}
              aria-describedby={`switch-${name}-meaning`}
              disabled={busy !== null || !ready}
              onClick={() => void flip(name, !on)}
              className="group inline-flex h-11 w-16 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-50"
              data-switch-toggle
            >
              <span
                className={`relative inline-flex h-8 w-14 items-center rounded-full transition-colors ${on ? 'bg-brand' : 'bg-neutral-300'}`}
              >
                <span
                  className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-7' : 'translate-x-1'}`}
                />
              </span>
            </button>
          </li>
        ))}
      </ul>
      <PolicyNoticeForm initial={data.noticeDays} />
      <SiteFooterForm initial={data.footer} />
    </div>
  );
}
