import { useTranslation } from 'react-i18next';
import { useChannel } from './channel-layout';
import { type ProfileField, safeHref, shownProfileFields } from './channel-rules';
import { EmptyState } from './channel-ui';

/** The channel's profile tab: the broadcaster profile of SPEC §3 as approved; empty fields are left out. */
export function ChannelProfileTab() {
  const { t } = useTranslation('channels');
  const { profile } = useChannel();
  const fields = shownProfileFields(profile);
  const tags = profile.tags.filter((tag) => tag.trim() !== '');
  const label: Record<ProfileField, string> = {
    activity_name_ko: t('profile.activityNameKo'),
    activity_name_en: t('profile.activityNameEn'),
    debut_date: t('profile.debutDate'),
    agency: t('profile.agency'),
    intro: t('profile.intro'),
    operating_plan: t('profile.operatingPlan'),
    social_url: t('profile.socialUrl'),
  };
  return (
    <section aria-labelledby="channel-profile" data-channel-profile>
      <h2 id="channel-profile" className="text-lg font-bold">
        {t('profile.title')}
      </h2>
      {fields.length === 0 && tags.length === 0 ? (
        <EmptyState name="channel-profile" text={t('profile.empty')} />
      ) : (
        <dl className="mt-4 divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
          {fields.map((field) => (
            <div key={field} className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4" data-profile-field={field}>
              <dt className="text-sm font-semibold text-neutral-500">{label[field]}</dt>
              <dd className="whitespace-pre-line break-words text-neutral-900">
                <ProfileValue field={field} value={profile[field]} />
              </dd>
            </div>
          ))}
          {tags.length > 0 && (
            <div className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4" data-profile-field="tags">
              <dt className="text-sm font-semibold text-neutral-500">{t('profile.tags')}</dt>
              <dd>
                <ul className="flex flex-wrap gap-1.5">
                  {tags.map((tag) => (
                    <li key={tag} className="rounded-full bg-neutral-100 px-2.5 py-0.5 text-sm text-neutral-700">
                      #{tag}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}

function ProfileValue({ field, value }: { field: ProfileField; value: string }) {
  if (field === 'social_url') {
    const href = safeHref(value);
    if (href) {
      return (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="break-all text-brand-dark underline-offset-2 hover:underline"
        >
          {value.trim()}
        </a>
      );
    }
  }
  return <>{value.trim()}</>;
}
