import { useId } from 'react';
import { useTranslation } from '../../i18n/react';
import { policyPath } from '../../lib/cs-links';
import { kstDate } from '../../lib/format';
import { useSite } from '../../lib/use-site';

export type Agreement = 'terms' | 'privacy' | 'marketing';
export type Agreements = Record<Agreement, boolean>;

export const NO_AGREEMENTS: Agreements = { terms: false, privacy: false, marketing: false };

/** The terms and the privacy policy must be agreed to; marketing is optional (SPEC §5). */
export function hasRequiredAgreements(agree: Agreements): boolean {
  return agree.terms && agree.privacy;
}

/** The agreements as a join sends them. */
export function agreementFields(agree: Agreements) {
  return { agree_terms: 'Y', agree_privacy: 'Y', agree_marketing: agree.marketing ? 'Y' : 'N' } as const;
}

/**
 * The join's agreement checkboxes: "agree to all", then each agreement (used by /user/join and /user/join-social).
 * The terms and the privacy policy show the version in effect and its date under their label (what the join
 * records consent to, issue 19) and have a "보기" link beside them to that text (the site info's guide with that
 * code), opening in a new tab.
 */
export function AgreementChecks({ value, onChange }: { value: Agreements; onChange: (next: Agreements) => void }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation('cs');
  const guides = useSite()?.site.policy_guide_list ?? [];
  const id = useId();
  const all = value.terms && value.privacy && value.marketing;
  return (
    <>
      <label className="flex min-h-11 items-center gap-3 rounded-lg border border-neutral-300 px-3 font-bold">
        <input
          type="checkbox"
          className="size-5 accent-brand"
          checked={all}
          onChange={(e) => onChange({ terms: e.target.checked, privacy: e.target.checked, marketing: e.target.checked })}
        />
        {t('join.agree.all')}
      </label>
      <div className="space-y-1 px-1">
        {(['terms', 'privacy', 'marketing'] as const).map((name) => {
          const guide = name === 'marketing' ? undefined : guides.find((g) => g.code === name);
          const versionId = `${id}-${name}-version`;
          const version =
            guide?.ver && guide.effective_date ? tc('links.version', { ver: guide.ver, date: kstDate(guide.effective_date) }) : '';
          return (
            <div key={name} className="flex items-center gap-2">
              <div className="min-w-0 flex-1">
                <label className="flex min-h-11 items-center gap-3 px-2">
                  <input
                    type="checkbox"
                    name={`agree_${name}`}
                    className="size-5 shrink-0 accent-brand"
                    checked={value[name]}
                    aria-describedby={version ? versionId : undefined}
                    onChange={(e) => onChange({ ...value, [name]: e.target.checked })}
                  />
                  {t(`join.agree.${name}`)}
                </label>
                {version && (
                  <p id={versionId} className="-mt-2 pb-1 pl-10 text-xs text-neutral-500" data-agreement-version={name}>
                    {version}
                  </p>
                )}
              </div>
              {guide && (
                // The policy in effect, in a new tab so the join keeps its place.
                <a
                  href={policyPath(guide.id)}
                  target="_blank"
                  rel="noopener"
                  aria-label={tc('links.viewLabel', { title: guide.title })}
                  className="inline-flex min-h-11 shrink-0 items-center px-2 text-sm font-semibold text-neutral-600 underline underline-offset-2 hover:text-brand-dark"
                  data-agreement-view={name}
                >
                  {tc('links.view')}
                </a>
              )}
            </div>
          );
        })}
      </div>
    </>
  );
}
