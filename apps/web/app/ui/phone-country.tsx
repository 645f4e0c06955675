import { useTranslation } from '../i18n/react';
import { inputClass } from './fields';

/** Countries offered on the phone step; only Korea (+82) receives pins, the others answer COUNTRY_NOT_SUPPORTED. */
export const PHONE_COUNTRY_CHOICES = [
  ['kr', '82'],
  ['us', '1'],
  ['jp', '81'],
  ['cn', '86'],
  ['tw', '886'],
  ['hk', '852'],
  ['th', '66'],
  ['vn', '84'],
  ['id', '62'],
  ['ph', '63'],
  ['sg', '65'],
  ['gb', '44'],
] as const;

/** The country-code choice of the join page's phone step. */
export function PhoneCountrySelect({ id, value, onChange }: { id: string; value: string; onChange: (countryNum: string) => void }) {
  const { t } = useTranslation('social');
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-neutral-800">
        {t('country.label')}
      </label>
      <select id={id} name="phone_country_num" className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {PHONE_COUNTRY_CHOICES.map(([code, num]) => (
          <option key={code} value={num}>
            {t(`country.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Shown under the phone step when the country cannot receive pins: sign up with a social account instead. */
export function CountryFallback({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('social');
  return (
    <div className="space-y-3 rounded-lg border border-neutral-200 p-3" data-country-fallback>
      <p className="text-sm text-neutral-700">{t('country.fallback')}</p>
      {children}
    </div>
  );
}
