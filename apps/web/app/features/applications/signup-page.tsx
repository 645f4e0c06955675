import {
  APPLICATION_FIELD_MAX,
  APPLICATION_FORM,
  type ApplicationField,
  type ApplicationKind,
  type ApplicationState,
  type ApplicationView,
  applicationsEndpoints,
  ResultCode,
  resultMessage,
  type SignupInfo,
} from '@byeol/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { dateFormat, formatPhone } from '../../lib/format';
import { useLang, useSite } from '../../lib/use-site';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton, TextField } from '../../ui/fields';
import { type AuditionUpload, AuditionVideo, ContactPhone } from './audition-fields';

const STEPS: readonly ApplicationState[] = ['received', 'waiting', 'in_progress', 'complete'];

/** The fields with a hint under them (`apply.hint.*`). */
const HINTED = ['activity_name_en', 'social_url', 'video_url', 'tags', 'business_no'] as const;
const isHinted = (field: string): field is (typeof HINTED)[number] => (HINTED as readonly string[]).includes(field);
/** Long texts get a textarea. */
const LONG: readonly ApplicationField[] = ['intro', 'operating_plan'];
/** Links get a URL keyboard. */
const URLS: readonly ApplicationField[] = ['social_url', 'video_url'];
/** States that keep the applicant from applying again for the kind (the server's ALREADY_APPLIED). */
const BLOCKING: readonly ApplicationState[] = ['received', 'waiting', 'in_progress', 'complete'];

/** The application's state on the SPEC §4 path received → waiting → in progress → complete (or rejected). */
function ApplicationStatus({ application, onApplyAgain }: { application: ApplicationView; onApplyAgain: () => void }) {
  const { t } = useTranslation('identity');
  const lang = useLang();
  const reached = STEPS.indexOf(application.state);
  const longDate = (iso: string) => dateFormat(lang, { dateStyle: 'long', timeZone: 'Asia/Seoul' }).format(new Date(iso));
  return (
    <section
      aria-labelledby="application-status"
      className="space-y-4 rounded-2xl border border-neutral-200 p-5"
      data-application={application.state}
    >
      <h2 id="application-status" className="text-lg font-bold">
        {t('apply.current')}
      </h2>
      {application.state === 'rejected' ? (
        <p className="inline-block rounded-full bg-red-50 px-3 py-1 text-sm font-bold text-red-700" data-application-state>
          {t('apply.state.rejected')}
        </p>
      ) : (
        <ol className="grid grid-cols-4 gap-2 text-center text-xs sm:text-sm">
          {STEPS.map((step, i) => (
            <li
              key={step}
              aria-current={step === application.state ? 'step' : undefined}
              className={`rounded-lg border px-2 py-2 ${step === application.state ? 'border-brand bg-brand/10 font-bold text-brand-dark' : i < reached ? 'border-neutral-200 text-neutral-700' : 'border-neutral-200 text-neutral-400'}`}
              {...(step === application.state ? { 'data-application-state': true } : {})}
            >
              {t(`apply.state.${step}`)}
            </li>
          ))}
        </ol>
      )}
      <p role="status" className="text-sm text-neutral-700">
        {t(`apply.stateNote.${application.state}`)}
      </p>
      <p className="text-xs text-neutral-500">
        <span data-applied-at={application.created_at}>{t('apply.appliedAt', { date: longDate(application.created_at) })}</span>
        {application.state !== 'received' && application.updated_at !== application.created_at && (
          <span className="ml-3" data-state-changed-at={application.updated_at}>
            {t('apply.updatedAt', { date: longDate(application.updated_at) })}
          </span>
        )}
      </p>
      {application.operator_memo && <p className="text-sm text-neutral-700">{t('apply.memo', { memo: application.operator_memo })}</p>}
      <dl className="space-y-2 text-sm">
        {Object.entries(application.form).map(([field, value]) => (
          <div key={field} className="grid grid-cols-3 gap-2">
            <dt className="font-semibold text-neutral-500">{t(`apply.field.${field as ApplicationField}`)}</dt>
            <dd className="col-span-2 whitespace-pre-wrap break-words">{value}</dd>
          </div>
        ))}
        {application.contact_phone_no && (
          <div className="grid grid-cols-3 gap-2" data-application-contact>
            <dt className="font-semibold text-neutral-500">{t('apply.audition.contact')}</dt>
            <dd className="col-span-2 tabular-nums">{formatPhone(application.contact_phone_country_num, application.contact_phone_no)}</dd>
          </div>
        )}
        {application.video_file && (
          <div className="space-y-2" data-application-video>
            <dt className="font-semibold text-neutral-500">{t('apply.audition.video')}</dt>
            <dd className="space-y-1">
              {/* biome-ignore lint/a11y/useMediaCaption: the applicant's own performance video, uploaded without captions */}
              <video controls preload="metadata" src={application.video_file.url} className="max-h-80 w-full rounded-lg bg-black" />
              <p className="text-xs text-neutral-500">
                {t('apply.audition.playHint')}{' '}
                <a href={application.video_file.url} download className="font-semibold text-brand-dark underline underline-offset-2">
                  {t('apply.audition.download')}
                </a>
              </p>
            </dd>
          </div>
        )}
      </dl>
      {application.state === 'rejected' && (
        <button type="button" className={secondaryButton} onClick={onApplyAgain}>
          {t('apply.again')}
        </button>
      )}
    </section>
  );
}

/**
 * /mypage/signup/bj, /kstar, /program: the current application of the kind and its state, or the form
 * (SPEC §3 broadcaster-profile fields the kind asks for). Applying needs a verified identity.
 */
export function SignupPage({ info }: { info: SignupInfo }) {
  const { t } = useTranslation('identity');
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-3 text-2xl font-bold">{t(`apply.title.${info.kind}`)}</h1>
      <p className="mb-6 text-sm text-neutral-600">{t('apply.intro')}</p>
      <ApplicationPanel info={info} />
    </div>
  );
}

/** Fields of a refusal the audition's parts show (beside the form's own). */
type AuditionField = 'video_file_sn' | 'verify_token';

/**
 * The application of a kind for a signed-in member (my page's signup pages and the audition, issue 21): the
 * current application and its state with its dates, or the form. A member without a verified identity is sent
 * to the verification page; an answer of ALREADY_APPLIED (another tab applied first) shows the message over
 * the application the server holds. `showAlreadyApplied` says so at once when one is open or complete.
 * `audition` (a BJ application from /audition) asks for the performance video (a link or an upload, one of
 * them) and a contact phone verified with the phone step.
 */
export function ApplicationPanel({
  info,
  showAlreadyApplied = false,
  audition = false,
}: {
  info: SignupInfo;
  showAlreadyApplied?: boolean;
  audition?: boolean;
}) {
  const { t } = useTranslation('identity');
  const lang = useLang();
  const kind: ApplicationKind = info.kind;
  const today = new Date(useSite()?.now ?? Date.now()).toISOString().slice(0, 10);
  const spec = APPLICATION_FORM[kind];
  const withAudition = audition && kind === 'bj';
  const fields = [...spec.required, ...spec.optional];
  // The audition shows the video link in its own block, beside the upload.
  const plainFields = withAudition ? fields.filter((f) => f !== 'video_url') : fields;
  const [upload, setUpload] = useState<AuditionUpload | null>(null);
  const [uploading, setUploading] = useState(false);
  const [contact, setContact] = useState<{ token: string; phone: string } | null>(null);
  const [auditionErrors, setAuditionErrors] = useState<Partial<Record<AuditionField, string>>>({});
  const [application, setApplication] = useState<ApplicationView | null>(info.application);
  const [showForm, setShowForm] = useState(info.application === null || info.application.state === 'rejected');
  const [values, setValues] = useState<Partial<Record<ApplicationField, string>>>(() =>
    info.application?.state === 'rejected' ? info.application.form : {},
  );
  const [errors, setErrors] = useState<Partial<Record<ApplicationField, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState(() =>
    showAlreadyApplied && info.application && BLOCKING.includes(info.application.state) ? resultMessage('ALREADY_APPLIED', lang) : '',
  );
  /** The server's APPLY_IDENTITY_REQUIRED message, when it answered so (the identity was removed meanwhile). */
  const [identityRefusal, setIdentityRefusal] = useState('');
  const identityMissing = !info.identity_verified || identityRefusal !== '';

  const ready =
    spec.required.every((f) => (values[f] ?? '').trim() !== '') &&
    (!withAudition || (((values.video_url ?? '').trim() !== '' || upload !== null) && contact !== null && !uploading));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setFormError('');
    setErrors({});
    setAuditionErrors({});
    const body = Object.fromEntries(fields.map((f) => [f, (values[f] ?? '').trim()]).filter(([, v]) => v !== ''));
    const extra = withAudition ? { audition_yn: 'Y' as const, video_file_sn: upload?.sn ?? 0, verify_token: contact?.token ?? '' } : {};
    const res = await send(() => api.call(applicationsEndpoints.apply, { kind, ...body, ...extra }), t('error.retry'));
    setBusy(false);
    if (isOk(res)) {
      setApplication(res.rslt_set as ApplicationView);
      setShowForm(false);
      return;
    }
    const message = res.rslt_msg || t('error.retry');
    if (res.rslt_cd === ResultCode.ALREADY_APPLIED) {
      // Applied meanwhile (another tab): show what the server holds, under the message.
      const fresh = await send(() => api.call(applicationsEndpoints.signupInfo, { kind }), message);
      if (isOk(fresh) && fresh.rslt_set.application) {
        setNotice(message);
        setApplication(fresh.rslt_set.application);
        setShowForm(false);
      } else setFormError(message);
      return;
    }
    if (res.rslt_cd === ResultCode.APPLY_IDENTITY_REQUIRED) {
      setIdentityRefusal(message);
      return;
    }
    const field = fieldOf(res);
    if (withAudition && (field === 'verify_token' || field === 'video_file_sn')) {
      // A spent or expired phone token, or an upload gone meanwhile: that part is done again.
      if (field === 'verify_token') setContact(null);
      else setUpload(null);
      setAuditionErrors({ [field]: message });
    } else if (field && (fields as readonly string[]).includes(field)) setErrors({ [field as ApplicationField]: message });
    else setFormError(message);
  }

  return (
    <div className="space-y-4" data-application-panel={kind}>
      {notice && !showForm && (
        <p role="alert" className="rounded-xl bg-brand/10 px-4 py-3 text-sm font-semibold text-brand-dark" data-already-applied>
          {notice}
        </p>
      )}
      {application && !showForm && (
        <ApplicationStatus
          application={application}
          onApplyAgain={() => {
            setNotice('');
            setShowForm(true);
          }}
        />
      )}

      {showForm && !info.personal && <FormError message={t('apply.personalOnly')} />}
      {showForm && info.personal && identityMissing && (
        <div role="alert" className="space-y-3 rounded-xl bg-amber-50 px-4 py-4 text-amber-900" data-identity-required>
          <p>{identityRefusal || t('apply.needIdentity')}</p>
          <Link to="/user/adult-verify" className={`${primaryButton} inline-block`}>
            {t('apply.goVerify')}
          </Link>
        </div>
      )}
      {showForm && info.personal && !identityMissing && (
        <form onSubmit={(e) => void submit(e)} className="space-y-5" aria-busy={busy} noValidate>
          {application === null && <p className="text-sm text-neutral-500">{t('apply.noApplication')}</p>}
          {plainFields.map((field) => {
            const required = spec.required.includes(field);
            const label = (
              <>
                {t(`apply.field.${field}`)}
                {required && <span className="ml-1 text-xs font-normal text-brand">({t('apply.required')})</span>}
              </>
            );
            const hint = isHinted(field) ? t(`apply.hint.${field}`) : undefined;
            const onChange = (value: string) => {
              setValues((v) => ({ ...v, [field]: value }));
              setErrors((e) => ({ ...e, [field]: undefined }));
            };
            if (LONG.includes(field)) {
              return (
                <div key={field}>
                  <label htmlFor={`apply-${field}`} className="mb-1 block text-sm font-semibold text-neutral-800">
                    {label}
                  </label>
                  <textarea
                    id={`apply-${field}`}
                    name={field}
                    rows={4}
                    className={inputClass}
                    maxLength={APPLICATION_FIELD_MAX[field]}
                    aria-invalid={errors[field] !== undefined}
                    aria-describedby={`apply-${field}-msg`}
                    value={values[field] ?? ''}
                    onChange={(e) => onChange(e.target.value)}
                  />
                  <FieldMessages id={`apply-${field}`} errors={[errors[field] ?? '']} />
                </div>
              );
            }
            return (
              <TextField
                key={field}
                id={`apply-${field}`}
                name={field}
                label={label}
                type={field === 'debut_date' ? 'date' : URLS.includes(field) ? 'url' : 'text'}
                inputMode={URLS.includes(field) ? 'url' : undefined}
                max={field === 'debut_date' ? today : undefined}
                maxLength={APPLICATION_FIELD_MAX[field]}
                value={values[field] ?? ''}
                onChange={(e) => onChange(e.target.value)}
                errors={[errors[field] ?? '']}
                hint={hint}
              />
            );
          })}
          {withAudition && (
            <>
              <AuditionVideo
                link={values.video_url ?? ''}
                onLink={(value) => {
                  setValues((v) => ({ ...v, video_url: value }));
                  setErrors((e) => ({ ...e, video_url: undefined }));
                }}
                linkError={errors.video_url ?? ''}
                upload={upload}
                onUpload={(next) => {
                  setUpload(next);
                  setErrors((e) => ({ ...e, video_url: undefined }));
                  setAuditionErrors((e) => ({ ...e, video_file_sn: undefined }));
                }}
                uploadError={auditionErrors.video_file_sn ?? ''}
                onBusy={setUploading}
              />
              <ContactPhone
                phone={contact?.phone ?? null}
                onVerified={(verified) => {
                  setContact(verified);
                  if (verified) setAuditionErrors((e) => ({ ...e, verify_token: undefined }));
                }}
                error={auditionErrors.verify_token ?? ''}
              />
            </>
          )}
          <FormError message={formError} />
          <button type="submit" className={`${primaryButton} w-full`} disabled={!ready || busy}>
            {busy ? t('apply.submitting') : t('apply.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
