import {
  type AdminMagazine,
  EDITORIAL_LIMITS,
  MAGAZINE_CATEGORIES,
  MAGAZINE_STATES,
  type MagazineCategory,
  ResultCode,
} from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { formatNumber, kstDate } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FormError, primaryButton, secondaryButton, TextField } from '../../ui/fields';
import type { AdminList } from './admin.server';
import {
  AdminEmpty,
  CardCell,
  CardTable,
  cardRowClass,
  FilterTabs,
  ListError,
  Pager,
  RowActions,
  ScreenTitle,
  StateBadge,
  smallButton,
  useHydrated,
} from './admin-ui';
import { saveMagazine } from './editorial-console-api';
import {
  kstInputMinute,
  MAGAZINE_FILTERS,
  type MagazineFilter,
  type MagazineShownState,
  magazineShownState,
} from './editorial-console-rules';
import { SavedHtml, SelectField, TextAreaField } from './editorial-form-ui';
import { ImageUploadField, RichTextEditor } from './rich-text-editor';

export interface MagazineData {
  state: MagazineFilter;
  page: number;
  list: AdminList<AdminMagazine>;
}

export const MAGAZINE_TONE: Record<MagazineShownState, 'green' | 'blue' | 'grey' | 'amber'> = {
  draft: 'grey',
  published: 'green',
  scheduled: 'blue',
  hidden: 'amber',
};

/**
 * The magazine (docs/editorial.md): every article in every state (draft, published, scheduled, hidden) with
 * its category, date, views and likes; one is written or edited in a form with the rich-text editor, and
 * the saved answer's HTML (what the server's allow-list kept) is shown as the readers' preview.
 */
export function MagazinePage({ data }: { data: MagazineData }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const navigation = useNavigation();
  const [editing, setEditing] = useState<AdminMagazine | 'new' | null>(null);
  const ready = useHydrated();
  const loading = navigation.state !== 'idle';

  const open = (article: AdminMagazine | 'new') => {
    setEditing(article);
    window.scrollTo({ top: 0 });
  };
  if (editing) {
    return (
      <MagazineForm
        key={editing === 'new' ? 'new' : editing.mi_sn}
        article={editing === 'new' ? null : editing}
        close={() => setEditing(null)}
      />
    );
  }

  const list = data.list;
  return (
    <div data-admin-magazine>
      <ScreenTitle title={t('magazine.title')}>
        <button type="button" className={primaryButton} onClick={() => open('new')} disabled={!ready} data-magazine-new>
          {t('magazine.new')}
        </button>
      </ScreenTitle>
      <FilterTabs
        name="magazine-state"
        label={t('magazine.tabsLabel')}
        items={MAGAZINE_FILTERS}
        current={data.state}
        hrefOf={(state) => (state === 'all' ? '?' : `?state=${state}`)}
        textOf={(state) => t(`magazine.filter.${state}`)}
      />
      {!list.ok ? (
        <ListError message={list.message} />
      ) : list.list.data_list.length === 0 ? (
        <AdminEmpty name="magazine" text={t('magazine.empty')} />
      ) : (
        <CardTable
          name="magazine"
          heads={[
            t('magazine.col.number'),
            t('magazine.col.title'),
            t('magazine.col.category'),
            t('magazine.col.state'),
            t('magazine.col.date'),
            t('magazine.col.views'),
            t('magazine.col.likes'),
            '',
          ]}
        >
          {list.list.data_list.map((m) => {
            const shown = magazineShownState(m);
            return (
              <tr key={m.mi_sn} className={cardRowClass} data-magazine-row={m.mi_sn} data-state={shown}>
                <CardCell label={t('magazine.col.number')} className="tabular-nums">
                  {m.mi_sn}
                </CardCell>
                <CardCell label={t('magazine.col.title')}>
                  <span className="flex items-start gap-2">
                    {m.image && <img src={m.image} alt="" className="hidden h-10 w-14 shrink-0 rounded object-cover sm:block" />}
                    <span className="font-semibold text-neutral-900" data-magazine-title>
                      {m.title}
                    </span>
                  </span>
                </CardCell>
                <CardCell label={t('magazine.col.category')} className="whitespace-nowrap">
                  {t(`magazine.category.${m.category}`)}
                </CardCell>
                <CardCell label={t('magazine.col.state')}>
                  <StateBadge tone={MAGAZINE_TONE[shown]} name={shown}>
                    {t(`magazine.state.${shown}`)}
                  </StateBadge>
                </CardCell>
                <CardCell label={t('magazine.col.date')} className="whitespace-nowrap tabular-nums">
                  {kstDate(m.publish_date, true)}
                </CardCell>
                <CardCell label={t('magazine.col.views')} className="tabular-nums">
                  {formatNumber(m.view_cnt, lang)}
                </CardCell>
                <CardCell label={t('magazine.col.likes')} className="tabular-nums">
                  {formatNumber(m.like_cnt, lang)}
                </CardCell>
                <CardCell className="pt-2 md:pt-2">
                  <div className="flex flex-wrap gap-2 md:flex-nowrap">
                    <RowActions
                      disabled={loading || !ready}
                      actions={[{ name: 'magazine-edit', text: t('magazine.edit'), run: () => open(m) }]}
                    />
                    {m.live_yn === 'Y' && (
                      <a
                        href={`/magazine/${m.mi_sn}`}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={`${smallButton} inline-flex items-center whitespace-nowrap`}
                        data-magazine-open
                      >
                        {t('magazine.open')}
                        <span className="sr-only"> {t('magazine.newTab')}</span>
                      </a>
                    )}
                  </div>
                </CardCell>
              </tr>
            );
          })}
        </CardTable>
      )}
      {list.ok && <Pager page={data.page} total={list.list.data_totalcount} busy={loading} />}
    </div>
  );
}

const FIELDS = ['title', 'category', 'summary', 'image', 'content_html', 'state', 'publish_date'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const valuesOf = (m: AdminMagazine | null): Values => ({
  title: m?.title ?? '',
  category: m?.category ?? 'news',
  summary: m?.summary ?? '',
  image: m?.image ?? '',
  content_html: m?.content_html ?? '',
  state: m?.state ?? 'draft',
  publish_date: m ? kstInputMinute(m.publish_date) : '',
});

/** Refusals shown under a field whatever field the answer names. */
const FIELD_OF_CODE: Partial<Record<number, Field>> = {
  [ResultCode.MAGAZINE_DATE_INVALID]: 'publish_date',
  [ResultCode.BOARD_CONTENT_REQUIRED]: 'content_html',
};

/** Writes a new article (`article` null) or edits one; after a save the form edits the saved article. */
function MagazineForm({ article, close }: { article: AdminMagazine | null; close: () => void }) {
  const { t } = useTranslation('admin');
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const [saved, setSaved] = useState<AdminMagazine | null>(null);
  const [values, setValues] = useState<Values>(() => valuesOf(article));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const sn = saved?.mi_sn ?? article?.mi_sn ?? 0;

  const change = (name: Field, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };
  const errorsOf = (name: Field) => (errors[name] ? [errors[name]] : []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    if (values.title.trim() === '') {
      setErrors({ title: t('form.required') });
      document.getElementById('magazine-title')?.focus();
      return;
    }
    if (uploading) {
      setFormError(t('editor.waitUpload'));
      return;
    }
    setBusy(true);
    const res = await saveMagazine(
      {
        mi_sn: sn,
        title: values.title.trim(),
        category: values.category as MagazineCategory,
        summary: values.summary.trim(),
        image: values.image,
        content_html: values.content_html,
        state: values.state as AdminMagazine['state'],
        publish_date: values.publish_date.trim(),
      },
      t('error.retry'),
    );
    setBusy(false);
    if (isOk(res)) {
      setSaved(res.rslt_set);
      setErrors({});
      // The form goes on from what was stored (the sanitised HTML, the time the server read); the summary
      // stays as typed, so an empty one keeps following the body.
      setValues((typed) => ({ ...valuesOf(res.rslt_set), summary: typed.summary }));
      dialog.toast(t('magazine.saved'));
      void revalidator.revalidate();
      return;
    }
    const named = FIELD_OF_CODE[res.rslt_cd] ?? fieldOf(res) ?? '';
    const field = (FIELDS as readonly string[]).includes(named) ? (named as Field) : null;
    if (field) {
      setErrors({ [field]: res.rslt_msg || t('error.retry') });
      document.getElementById(`magazine-${field}`)?.focus();
    } else {
      setFormError(res.rslt_msg || t('error.retry'));
    }
  }

  const shown = saved ? magazineShownState(saved) : article ? magazineShownState(article) : null;
  return (
    <div data-magazine-editor={sn}>
      <ScreenTitle title={sn ? t('magazine.formEdit', { sn }) : t('magazine.formNew')}>
        <button type="button" className={secondaryButton} onClick={close} data-magazine-back>
          {t('magazine.back')}
        </button>
      </ScreenTitle>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <form
          className="min-w-0 space-y-4 rounded-xl border border-neutral-200 p-4"
          onSubmit={(e) => void submit(e)}
          noValidate
          data-magazine-form
        >
          <TextField
            id="magazine-title"
            name="title"
            label={t('magazine.field.title')}
            value={values.title}
            maxLength={EDITORIAL_LIMITS.titleMax}
            onChange={(e) => change('title', e.target.value)}
            errors={errorsOf('title')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              id="magazine-category"
              label={t('magazine.field.category')}
              value={values.category}
              options={MAGAZINE_CATEGORIES.map((c) => ({ value: c, label: t(`magazine.category.${c}`) }))}
              onChange={(v) => change('category', v)}
              errors={errorsOf('category')}
            />
            <SelectField
              id="magazine-state"
              label={t('magazine.field.state')}
              value={values.state}
              options={MAGAZINE_STATES.map((s) => ({ value: s, label: t(`magazine.state.${s}`) }))}
              onChange={(v) => change('state', v)}
              errors={errorsOf('state')}
              hint={t('magazine.field.stateHint')}
            />
          </div>
          <TextField
            id="magazine-publish_date"
            name="publish_date"
            type="datetime-local"
            label={t('magazine.field.publishDate')}
            value={values.publish_date}
            onChange={(e) => change('publish_date', e.target.value)}
            errors={errorsOf('publish_date')}
            hint={t('magazine.field.publishDateHint')}
            className="max-w-xs"
          />
          <TextAreaField
            id="magazine-summary"
            label={t('magazine.field.summary')}
            value={values.summary}
            maxLength={EDITORIAL_LIMITS.summaryMax}
            onChange={(v) => change('summary', v)}
            errors={errorsOf('summary')}
            hint={t('magazine.field.summaryHint')}
          />
          <ImageUploadField
            id="magazine-image"
            label={t('magazine.field.image')}
            value={values.image}
            onChange={(url) => change('image', url)}
            purpose="magazine"
            hint={t('magazine.field.imageHint')}
            errors={errorsOf('image')}
            onBusy={setUploading}
          />
          <RichTextEditor
            id="magazine-content_html"
            label={t('magazine.field.content')}
            value={values.content_html}
            onChange={(html) => change('content_html', html)}
            purpose="magazine"
            errors={errorsOf('content_html')}
            hint={t('magazine.field.contentHint')}
          />
          <FormError message={formError || undefined} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primaryButton} disabled={busy} data-magazine-submit>
              {busy ? t('dialog.working') : t('magazine.save')}
            </button>
            <button type="button" className={secondaryButton} onClick={close} disabled={busy}>
              {t('magazine.back')}
            </button>
          </div>
        </form>
        <section
          className="min-w-0 self-start rounded-xl border border-neutral-200 p-4"
          aria-labelledby="magazine-preview-title"
          data-magazine-preview={saved?.mi_sn ?? ''}
        >
          <h2 id="magazine-preview-title" className="text-lg font-bold">
            {t('magazine.preview')}
          </h2>
          {!saved ? (
            <p className="mt-2 text-sm text-neutral-500">{t('magazine.previewNote')}</p>
          ) : (
            <>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-neutral-600">
                {shown && (
                  <StateBadge tone={MAGAZINE_TONE[shown]} name={shown}>
                    {t(`magazine.state.${shown}`)}
                  </StateBadge>
                )}
                <span>{t(`magazine.category.${saved.category}`)}</span>
                <span className="tabular-nums">{kstDate(saved.publish_date, true)}</span>
                {saved.live_yn === 'Y' && (
                  <a
                    href={`/magazine/${saved.mi_sn}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-semibold text-brand-dark underline underline-offset-2"
                    data-magazine-open
                  >
                    {t('magazine.open')}
                    <span className="sr-only"> {t('magazine.newTab')}</span>
                  </a>
                )}
              </div>
              <p className="mt-3 text-xl font-bold break-words">{saved.title}</p>
              {saved.image && <img src={saved.image} alt="" className="mt-3 max-h-48 rounded-lg object-cover" />}
              <div className="mt-4 border-t border-neutral-100 pt-4">
                <SavedHtml html={saved.content_html} name="magazine" />
              </div>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
