import { type SearchMcItem, type StreamMc, searchEndpoints } from '@byeol/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { FieldMessages, secondaryButton } from '../../ui/fields';

/** The picture of a BJ, or the first letter of the nick when there is none. */
function Face({ src, nick }: { src: string; nick: string }) {
  return src ? (
    <img src={src} alt="" className="size-10 shrink-0 rounded-full object-cover" />
  ) : (
    <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/10 font-bold text-brand">
      {[...nick][0] ?? '?'}
    </span>
  );
}

/**
 * The broadcast's MC (SPEC §3 play-room entry "selected mc"): the current one with change and remove, and a
 * search of broadcasters (POST /popup/search_mc_more) as you type. The choice is saved with the form.
 */
export function McPicker({
  value,
  onChange,
  error,
  self,
}: {
  value: StreamMc | null;
  onChange: (mc: StreamMc | null) => void;
  error: string;
  self: number;
}) {
  const { t } = useTranslation('stream');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<{ list: SearchMcItem[]; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  useEffect(() => {
    const term = keyword.trim();
    if (!open || !term) {
      setFound(null);
      setMessage('');
      return;
    }
    let stale = false;
    const timer = setTimeout(async () => {
      setBusy(true);
      const res = await send(() => api.call(searchEndpoints.mc, { keyword: term, limit: 10 }), t('error.retry'));
      if (stale) return;
      setBusy(false);
      if (isOk(res)) {
        setFound({ list: res.rslt_set.data_list.filter((m) => m.user_key !== self), total: res.rslt_set.data_totalcount });
        setMessage('');
      } else setMessage(res.rslt_msg || t('error.retry'));
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [keyword, open, self, t]);

  const pick = (m: SearchMcItem) => {
    onChange({ user_key: m.user_key, id: m.id, nick: m.nick, profile_image: m.profile_image });
    setOpen(false);
    setKeyword('');
  };

  return (
    <fieldset aria-describedby={`${id}-msg`} data-mc-picker>
      <legend className="mb-1 text-sm font-semibold text-neutral-800">{t('settings.mc')}</legend>
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-neutral-200 p-3">
        {value ? (
          <span className="flex min-w-0 flex-1 items-center gap-3" data-mc-current={value.id}>
            <Face src={value.profile_image} nick={value.nick} />
            <span className="min-w-0">
              <span className="block truncate font-semibold">{value.nick}</span>
              <span className="block truncate text-xs text-neutral-500">@{value.id}</span>
            </span>
          </span>
        ) : (
          <span className="flex-1 text-sm text-neutral-500">{t('settings.mcNone')}</span>
        )}
        <button type="button" className={secondaryButton} aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
          {open ? t('settings.mcClose') : value ? t('settings.mcChange') : t('settings.mcChoose')}
        </button>
        {value && (
          <button type="button" className={secondaryButton} onClick={() => onChange(null)}>
            {t('settings.mcRemove')}
          </button>
        )}
      </div>
      {open && (
        <div id={`${id}-panel`} className="mt-2 rounded-lg border border-neutral-200 p-3">
          <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-semibold text-neutral-800">
            {t('settings.mcSearchLabel')}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={keyword}
            autoComplete="off"
            placeholder={t('settings.mcSearchPlaceholder')}
            onChange={(e) => setKeyword(e.target.value)}
            className="min-h-11 w-full rounded-lg border border-neutral-300 px-3 py-2 text-base"
          />
          <div aria-live="polite" className="mt-2 text-sm text-neutral-600">
            {busy
              ? t('settings.mcSearching')
              : message || (found && (found.list.length === 0 ? t('settings.mcNoResults') : t('settings.mcCount', { count: found.total })))}
          </div>
          {found && found.list.length > 0 && (
            <ul className="mt-2 divide-y divide-neutral-100" data-mc-results>
              {found.list.map((m) => (
                <li key={m.sn} className="flex items-center gap-3 py-2">
                  <Face src={m.profile_image} nick={m.nick} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold">
                      {m.nick}
                      {m.is_live === 'Y' && (
                        <span className="ms-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">{t('settings.mcLive')}</span>
                      )}
                    </span>
                    <span className="block truncate text-xs text-neutral-500">@{m.id}</span>
                  </span>
                  <button type="button" className={secondaryButton} onClick={() => pick(m)}>
                    {t('settings.mcSelect')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <FieldMessages id={id} errors={[error]} hint={t('settings.mcHint')} />
    </fieldset>
  );
}
