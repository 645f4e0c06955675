import { AdminSiteFooterSchema, resultMessage, SITE_FOOTER_FIELDS, SITE_FOOTER_MAX, type SiteFooter, siteEndpoints } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FormError, primaryButton, TextField } from '../../ui/fields';
import { useHydrated } from './admin-ui';

type FooterField = (typeof SITE_FOOTER_FIELDS)[number];
const isFooterField = (f: string | undefined): f is FooterField => (SITE_FOOTER_FIELDS as readonly string[]).includes(f ?? '');

/**
 * The footer's company data on /admin/site (SPEC §3 site footer; issue 15): every field at once, checked
 * with the contract's schema before sending (the server runs the same), saved through POST
 * /v1/admin/site_footer_proc (operators; audited). The root data is reloaded after it, so the footer of
 * this very page already shows the new values.
 */
export function SiteFooterForm({ initial }: { initial: SiteFooter }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const dialog = useDialog();
  const ready = useHydrated();
  const revalidator = useRevalidator();
  const [values, setValues] = useState<SiteFooter>(initial);
  const [errors, setErrors] = useState<Partial<Record<FooterField, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const checked = AdminSiteFooterSchema.safeParse(values);
    if (!checked.success) {
      const found: Partial<Record<FooterField, string>> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (isFooterField(field) && !found[field])
          found[field] = resultMessage('INVALID_INPUT', lang, { field, label: t(`site.footer.fields.${field}`) });
      }
      setErrors(found);
      const first = SITE_FOOTER_FIELDS.find((f) => found[f]);
      if (first) document.getElementById(`site-footer-${first}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const res = await send(() => api.call(siteEndpoints.adminFooter, checked.data), t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      const field = fieldOf(res);
      if (isFooterField(field)) setErrors({ [field]: res.rslt_msg });
      else setFormError(res.rslt_msg || t('error.retry'));
      return;
    }
    setValues(res.rslt_set.site_footer);
    await revalidator.revalidate();
    dialog.toast(t('site.footer.done'));
  }

  return (
    <section className="mt-8 rounded-xl border border-neutral-200 p-4" aria-labelledby="site-footer-title" data-site-footer-form>
      <h2 id="site-footer-title" className="text-lg font-bold">
        {t('site.footer.title')}
      </h2>
      <p className="mt-1 text-sm text-neutral-600">{t('site.footer.intro')}</p>
      <form className="mt-3 grid gap-4 sm:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate>
        {SITE_FOOTER_FIELDS.map((field) => (
          <TextField
            key={field}
            id={`site-footer-${field}`}
            name={field}
            type={field === 'email' ? 'email' : field.startsWith('phone') ? 'tel' : 'text'}
            label={t(`site.footer.fields.${field}`)}
            maxLength={SITE_FOOTER_MAX}
            className={field === 'adr_nm' || field === 'bank_account_nm' ? 'sm:col-span-2' : undefined}
            value={values[field]}
            onChange={(e) => {
              const value = e.target.value;
              setValues((v) => ({ ...v, [field]: value }));
              setErrors((prev) => ({ ...prev, [field]: undefined }));
            }}
            errors={errors[field] ? [errors[field]] : []}
            hint={field === 'bank_account_nm' ? t('site.footer.bankHint') : undefined}
          />
        ))}
        <div className="sm:col-span-2">
          <FormError message={formError} />
          <button type="submit" className={`${primaryButton} mt-2 w-full sm:w-auto`} disabled={busy || !ready} data-site-footer-save>
            {busy ? t('dialog.working') : t('site.footer.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
