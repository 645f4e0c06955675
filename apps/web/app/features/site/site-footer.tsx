import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { CS_PATHS, policyPath } from '../../lib/cs-links';
import { switchOn, useSite } from '../../lib/use-site';
import { ShortsLink } from '../clips';
import { useStarName } from '../stars';

const footerLink =
  'inline-flex min-h-11 items-center underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand';

/**
 * The site footer of SPEC §3, from the site info; empty fields are left out. Each policy links to its page in
 * the version in effect (issue 19), then the customer centre.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('cs');
  const data = useSite();
  const programName = useStarName('program');
  const kstarName = useStarName('kstar');
  if (!data) return null;
  const settings = data.site.site_setting;
  const f = data.site.site_footer;
  const rows: [string, string][] = [
    [t('footer.company'), f.company_nm],
    [t('footer.ceo'), f.ceo_nm],
    [t('footer.regNum'), f.reg_num],
    [t('footer.onlineBusinessNum'), f.online_business_num],
    [t('footer.address'), f.adr_nm],
    [t('footer.email'), f.email],
    [t('footer.phone'), [f.phone1, f.phone2].filter(Boolean).join(' / ')],
    [t('footer.hosting'), f.hosting_business_nm],
    [t('footer.bankAccount'), f.bank_account_nm],
  ];
  return (
    <footer className="mt-16 border-t border-neutral-200 bg-neutral-50 text-sm text-neutral-600">
      <div className="mx-auto max-w-6xl px-4 py-8">
        <nav aria-label={t('footer.policies')} className="mb-4">
          <ul className="flex flex-wrap gap-x-4 font-medium text-neutral-800">
            {data.site.policy_guide_list.map((g) => (
              <li key={g.id}>
                <Link
                  to={policyPath(g.id)}
                  className={`${footerLink} ${g.code === 'privacy' ? 'font-bold text-neutral-900' : ''}`}
                  data-footer-policy={g.id}
                >
                  {g.title}
                </Link>
              </li>
            ))}
            <li>
              <Link to={CS_PATHS.notice} className={footerLink} data-footer-cs>
                {tc('links.cs')}
              </Link>
            </li>
            {data.site.site_setting.magazine_yn === 'Y' && (
              <li>
                <Link to="/magazine" className={footerLink} data-footer-magazine>
                  {t('nav.magazine', { ns: 'editorial' })}
                </Link>
              </li>
            )}
            <li>
              <Link to="/sub/event" className={footerLink} data-footer-event>
                {t('nav.event', { ns: 'editorial' })}
              </Link>
            </li>
            <li>
              <ShortsLink className={footerLink} />
            </li>
            <li>
              <Link to="/sub/schedule" className={footerLink} data-footer-schedule>
                {t('meta.title', { ns: 'schedule' })}
              </Link>
            </li>
            <li>
              <Link to="/audition" className={footerLink} data-footer-audition>
                {t('nav.audition', { ns: 'editorial' })}
              </Link>
            </li>
            {switchOn(settings, 'concert') && (
              <li>
                <Link to="/concert" className={footerLink} data-footer-concert>
                  {t('nav.concert', { ns: 'concerts' })}
                </Link>
              </li>
            )}
            {switchOn(settings, 'program') && (
              <li>
                <Link to="/sub/program" className={footerLink} data-footer-program>
                  {programName}
                </Link>
              </li>
            )}
            {switchOn(settings, 'kstar') && (
              <li>
                <Link to="/sub/kstar" className={footerLink} data-footer-kstar>
                  {kstarName}
                </Link>
              </li>
            )}
          </ul>
        </nav>
        <dl className="flex flex-wrap gap-x-4 gap-y-1">
          {rows
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <div key={k} className="flex gap-1" data-footer-row>
                <dt>{k}</dt>
                <dd className="text-neutral-800">{v}</dd>
              </div>
            ))}
        </dl>
        <p className="mt-4">{t('footer.copyright', { year: new Date(data.now).getFullYear(), company: f.company_nm })}</p>
      </div>
    </footer>
  );
}
