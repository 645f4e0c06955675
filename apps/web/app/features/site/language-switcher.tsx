import { LANGS, type Lang, siteEndpoints } from '@byeol/contract';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { loadTexts } from '../../i18n';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';

/**
 * Keeps the choice in the `xlang` cookie through `PUT /v1/user/language/{lang}`, then re-renders in it.
 * `className` sets the label's display (inline-flex by default); `block` shows the label above a full-width,
 * touch-sized select (the phone menu).
 */
export function LanguageSwitcher({
  className = 'inline-flex',
  block = false,
  dark = false,
}: {
  className?: string;
  block?: boolean;
  dark?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const revalidator = useRevalidator();
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);

  async function change(next: Lang) {
    setBusy(true);
    try {
      const res = await api.call(siteEndpoints.language, { lang: next });
      if (res.rslt_cd !== 0) {
        dialog.toast(res.rslt_msg);
        return;
      }
      // The new language's texts (a chunk of their own) are here before the page re-renders in it.
      await loadTexts(next);
      await revalidator.revalidate();
    } catch {
      dialog.toast(t('error.retry'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <label className={block ? 'flex flex-col gap-1 text-sm' : `${className} items-center gap-2 text-sm`}>
      <span className={block ? `font-semibold ${dark ? 'text-neutral-300' : 'text-neutral-600'}` : 'sr-only'}>{t('language.label')}</span>
      <select
        aria-label={t('language.label')}
        className={`min-h-11 rounded-md border border-neutral-300 bg-white px-2 text-neutral-800 ${block ? 'w-full text-base' : ''}`}
        value={lang}
        disabled={busy}
        onChange={(e) => void change(e.target.value as Lang)}
      >
        {LANGS.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`language.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
