import {
  CHANNEL_PROFILE_MAX,
  CHANNEL_REFUSAL_PARAMS,
  type ChannelProfile,
  ChannelProfileSaveSchema,
  channelsEndpoints,
  isChannelRefusal,
  resultMessage,
} from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { useLang } from '../../lib/use-site';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton, TextField } from '../../ui/fields';
import { EmptyState } from '../../ui/list-ui';
import { ChannelImagesEditor, ChannelMainImage } from './channel-images';
import { useChannel } from './channel-layout';
import { type ProfileField, safeHref, shownProfileFields, wantsProfileEdit } from './channel-rules';

/**
 * The channel's profile tab: the main image, then the broadcaster profile of SPEC §3 as approved; empty
 * fields are left out. The owner's edit mode holds the banner and main image pickers and the profile form;
 * my page's "edit channel profile" link opens the tab in it (`?edit=1`, channelProfileEditPath).
 */
export function ChannelProfileTab() {
  const { t } = useTranslation('channels');
  const { profile, viewer, images, bj } = useChannel();
  const [search] = useSearchParams();
  const [editing, setEditing] = useState(() => viewer?.is_owner === 'Y' && wantsProfileEdit(search.get('edit')));
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
      <div className="flex items-center justify-between gap-2">
        <h2 id="channel-profile" className="text-lg font-bold">
          {t('profile.title')}
        </h2>
        {viewer?.is_owner === 'Y' && !editing && (
          <button type="button" className={secondaryButton} onClick={() => setEditing(true)} data-profile-edit>
            {t('profile.edit')}
          </button>
        )}
      </div>
      {!editing && <ChannelMainImage src={images.main_image} nick={bj.nick} className="mt-4 sm:max-w-xl" />}
      {editing ? (
        <>
          <ChannelImagesEditor images={images} nick={bj.nick} />
          <ProfileEditor profile={profile} close={() => setEditing(false)} />
        </>
      ) : fields.length === 0 && tags.length === 0 ? (
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

const EDIT_FIELDS = [
  'activity_name_ko',
  'activity_name_en',
  'debut_date',
  'agency',
  'intro',
  'operating_plan',
  'social_url',
  'tags',
] as const;
type EditField = (typeof EDIT_FIELDS)[number];
const LONG_FIELDS: readonly EditField[] = ['intro', 'operating_plan'];
const MAX: Record<EditField, number> = {
  activity_name_ko: CHANNEL_PROFILE_MAX.activity_name_ko,
  activity_name_en: CHANNEL_PROFILE_MAX.activity_name_en,
  debut_date: 10,
  agency: CHANNEL_PROFILE_MAX.agency,
  intro: CHANNEL_PROFILE_MAX.intro,
  operating_plan: CHANNEL_PROFILE_MAX.operating_plan,
  social_url: CHANNEL_PROFILE_MAX.social_url,
  tags: CHANNEL_PROFILE_MAX.tags * (CHANNEL_PROFILE_MAX.tag + 1),
};

/**
 * The owner's profile form (POST /mypage/channel_profile_proc): the SPEC §5 required-input messages for
 * the names and the intro, 'Invalid URL' and the tag limits are checked with the contract's schema before
 * sending and shown under their field; the server's answer the same way.
 */
function ProfileEditor({ profile, close }: { profile: ChannelProfile; close: () => void }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const revalidator = useRevalidator();
  const [values, setValues] = useState<Record<EditField, string>>({
    activity_name_ko: profile.activity_name_ko,
    activity_name_en: profile.activity_name_en,
    debut_date: profile.debut_date,
    agency: profile.agency,
    intro: profile.intro,
    operating_plan: profile.operating_plan,
    social_url: profile.social_url,
    tags: profile.tags.join(', '),
  });
  const [errors, setErrors] = useState<Partial<Record<EditField, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const label: Record<EditField, string> = {
    activity_name_ko: t('profile.activityNameKo'),
    activity_name_en: t('profile.activityNameEn'),
    debut_date: t('profile.debutDate'),
    agency: t('profile.agency'),
    intro: t('profile.intro'),
    operating_plan: t('profile.operatingPlan'),
    social_url: t('profile.socialUrl'),
    tags: t('profile.tags'),
  };
  const isField = (f: string | undefined): f is EditField => (EDIT_FIELDS as readonly string[]).includes(f ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = ChannelProfileSaveSchema.safeParse(values);
    if (!checked.success) {
      const found: Partial<Record<EditField, string>> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (!isField(field) || found[field]) continue;
        found[field] = isChannelRefusal(issue.message)
          ? resultMessage(issue.message, lang, CHANNEL_REFUSAL_PARAMS[issue.message])
          : resultMessage('INVALID_INPUT', lang, { field, label: label[field] });
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFormError('');
    setBusy(true);
    const res = await send(() => api.call(channelsEndpoints.profileSave, values), t('error.retry'));
    setBusy(false);
    if (isOk(res)) {
      void revalidator.revalidate();
      close();
      return;
    }
    const field = fieldOf(res);
    if (isField(field)) setErrors({ [field]: res.rslt_msg });
    else setFormError(res.rslt_msg);
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-4 space-y-4 rounded-2xl border border-neutral-200 p-4"
      data-profile-form
    >
      {EDIT_FIELDS.map((field) =>
        LONG_FIELDS.includes(field) ? (
          <div key={field}>
            <label htmlFor={`profile-${field}`} className="mb-1 block text-sm font-semibold text-neutral-800">
              {label[field]}
            </label>
            <textarea
              id={`profile-${field}`}
              name={field}
              rows={4}
              maxLength={MAX[field]}
              value={values[field]}
              onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
              className={inputClass}
              aria-invalid={Boolean(errors[field])}
              aria-describedby={`profile-${field}-msg`}
            />
            <FieldMessages id={`profile-${field}`} errors={[errors[field] ?? '']} />
          </div>
        ) : (
          <TextField
            key={field}
            id={`profile-${field}`}
            name={field}
            label={label[field]}
            type={field === 'debut_date' ? 'date' : field === 'social_url' ? 'url' : 'text'}
            maxLength={MAX[field]}
            value={values[field]}
            onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            errors={[errors[field] ?? '']}
            hint={field === 'tags' ? t('profile.tagsHint', { num: CHANNEL_PROFILE_MAX.tags }) : undefined}
          />
        ),
      )}
      <FormError message={formError} />
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={close}>
          {t('profile.cancel')}
        </button>
        <button type="submit" className={primaryButton} disabled={busy} data-profile-save>
          {t('profile.save')}
        </button>
      </div>
    </form>
  );
}
