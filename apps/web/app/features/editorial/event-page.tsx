import { EDITORIAL_LIMITS, type EventContentInfoSet, type EventReply, ResultCode, resultMessage } from '@byeol/contract';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber, kstDate } from '../../lib/format';
import { useHydrated } from '../../lib/use-hydrated';
import { useLoginRequired } from '../../lib/use-login-required';
import { useLang, useUser } from '../../lib/use-site';
import { Avatar } from '../../ui/avatar';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton } from '../../ui/fields';
import { MoreButton } from '../../ui/list-ui';
import { PlainText } from '../../ui/plain-text';
import { useSignIn } from '../../ui/sign-in';
import { deleteEventReply, eventReplies, writeEventReply } from './editorial-api';
import { charCount, eventListPath, eventReplyRefusal, replyRefusalMessage } from './editorial-rules';
import { RichText } from './editorial-ui';
import { EventBanner, EventPeriod, PhaseBadge } from './event-ui';

/**
 * /sub/event/{id}: an event (banner, phase, title, period in KST, the sanitised body), then its replies newest
 * first with "more": a member replies (plain text, EDITORIAL_LIMITS.replyMax characters, the refusals shown
 * before sending) while the event has not ended, and deletes their own reply after a confirm.
 */
export function EventPage({ set }: { set: EventContentInfoSet }) {
  const { t } = useTranslation('editorial');
  const event = set.event_info;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8" data-event-page={event.event_sn}>
      <article aria-labelledby="event-title">
        <EventBanner src={event.banner} title={event.title} ended={event.phase === 'ended'} large />
        <header className="mt-5 border-b border-neutral-200 pb-5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <PhaseBadge phase={event.phase} />
            <Link
              to={eventListPath({ phase: event.phase })}
              className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-neutral-700 hover:bg-neutral-100"
              data-event-back
            >
              {t('event.back')}
            </Link>
          </div>
          <h1 id="event-title" className="mt-1 text-2xl font-extrabold leading-snug [overflow-wrap:anywhere] sm:text-3xl" data-event-title>
            {event.title}
          </h1>
          {event.summary && <p className="mt-2 text-neutral-600 [overflow-wrap:anywhere]">{event.summary}</p>}
          <EventPeriod start={event.start_date} end={event.end_date} className="mt-3 text-sm" />
        </header>
        <div className="py-6">
          <RichText html={event.content_html} name="event" />
        </div>
      </article>
      <Replies key={event.event_sn} set={set} />
    </div>
  );
}

/** The event's replies: the loader's first page, "more" for the next, the form on top, delete on one's own. */
function Replies({ set }: { set: EventContentInfoSet }) {
  const { t } = useTranslation('editorial');
  const lang = useLang();
  const loginRequired = useLoginRequired();
  const eventSn = set.event_info.event_sn;
  const [rows, setRows] = useState<EventReply[]>(set.event_reply_list);
  const [total, setTotal] = useState(set.event_reply_count);
  const [ended, setEnded] = useState(set.event_info.phase === 'ended');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const turn = useRef(0);
  const hasMore = rows.length < total;

  async function more() {
    const mine = ++turn.current;
    setBusy(true);
    setError('');
    // Newest first by offset: the rows shown are the offset (written and deleted ones included).
    const res = await eventReplies(eventSn, rows.length, t('retry'));
    if (mine !== turn.current) return;
    setBusy(false);
    if (!isOk(res)) {
      if (!loginRequired(res)) setError(res.rslt_msg || t('retry'));
      return;
    }
    setRows((shown) => {
      const seen = new Set(shown.map((r) => r.reply_sn));
      return [...shown, ...res.rslt_set.event_reply_list.filter((r) => !seen.has(r.reply_sn))];
    });
    setTotal(res.rslt_set.event_reply_count);
  }

  return (
    <section aria-labelledby="event-replies" className="mt-4 border-t-2 border-neutral-800 pt-5" data-event-replies data-total={total}>
      <h2 id="event-replies" className="flex items-baseline gap-2 text-lg font-bold">
        {t('event.reply.title')}
        <span className="text-sm font-normal text-neutral-500 tabular-nums">
          {t('event.reply.total', { n: formatNumber(total, lang) })}
        </span>
      </h2>
      {ended ? (
        <p className="mt-4 rounded-xl bg-neutral-100 p-4 text-center text-sm font-semibold text-neutral-700" data-event-ended>
          {resultMessage('EVENT_ENDED', lang)}
        </p>
      ) : (
        <ReplyForm
          eventSn={eventSn}
          onEnded={() => setEnded(true)}
          onWritten={(reply) => {
            setRows((shown) => [reply, ...shown.filter((r) => r.reply_sn !== reply.reply_sn)]);
            setTotal((n) => n + 1);
          }}
        />
      )}
      {rows.length === 0 ? (
        <p className="mt-4 rounded-xl bg-neutral-50 p-6 text-center text-sm text-neutral-600" data-empty="event-replies">
          {t('event.reply.empty')}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-neutral-200 border-y border-neutral-200" data-reply-list>
          {rows.map((reply) => (
            <ReplyRow
              key={reply.reply_sn}
              reply={reply}
              onDeleted={() => {
                setRows((shown) => shown.filter((r) => r.reply_sn !== reply.reply_sn));
                setTotal((n) => Math.max(0, n - 1));
              }}
            />
          ))}
        </ul>
      )}
      {hasMore ? (
        <MoreButton onMore={() => void more()} busy={busy} error={error} />
      ) : (
        error && (
          <p role="alert" className="mt-4 text-center text-sm text-red-600">
            {error}
          </p>
        )
      )}
    </section>
  );
}

function ReplyForm({ eventSn, onWritten, onEnded }: { eventSn: number; onWritten: (reply: EventReply) => void; onEnded: () => void }) {
  const { t } = useTranslation('editorial');
  const lang = useLang();
  const user = useUser();
  const signIn = useSignIn();
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [content, setContent] = useState('');
  const [error, setError] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  const count = charCount(content);

  if (!user) {
    return (
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-neutral-50 p-4" data-reply-sign-in>
        <p className="text-sm text-neutral-700">{t('event.reply.signIn')}</p>
        <button type="button" className={secondaryButton} onClick={() => void signIn.open()}>
          {t('event.reply.signInButton')}
        </button>
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setError('');
    setFormError('');
    // The contract's schema: the form says what the server would (required, too long), before sending.
    const refusal = eventReplyRefusal(content);
    if (refusal) {
      setError(replyRefusalMessage(refusal, lang));
      document.getElementById('event-reply-content')?.focus();
      return;
    }
    setBusy(true);
    const res = await writeEventReply(eventSn, content, t('retry'));
    setBusy(false);
    if (!isOk(res)) {
      if (loginRequired(res)) return;
      if (res.rslt_cd === ResultCode.EVENT_ENDED) {
        onEnded();
        return;
      }
      const message = res.rslt_msg || t('retry');
      if (res.rslt_cd === ResultCode.EVENT_REPLY_REQUIRED || res.rslt_cd === ResultCode.EVENT_REPLY_LENGTH) setError(message);
      else setFormError(message);
      return;
    }
    setContent('');
    dialog.toast(t('event.reply.written'));
    // The insert answers the reply itself (a delete answers only its number).
    if ('content' in res.rslt_set) onWritten(res.rslt_set);
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-2" noValidate data-reply-form data-ready={ready || undefined}>
      <label htmlFor="event-reply-content" className="sr-only">
        {t('event.reply.label')}
      </label>
      <textarea
        id="event-reply-content"
        name="content"
        rows={3}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        placeholder={t('event.reply.placeholder')}
        aria-invalid={error !== ''}
        aria-describedby="event-reply-content-msg event-reply-content-count"
        className={`${inputClass} resize-y`}
      />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <FieldMessages id="event-reply-content" errors={[error]} />
        </div>
        <span
          id="event-reply-content-count"
          className={`shrink-0 pt-1 text-xs tabular-nums ${count > EDITORIAL_LIMITS.replyMax ? 'font-bold text-red-600' : 'text-neutral-500'}`}
          data-counter={count}
        >
          {t('counter', { n: formatNumber(count, lang), max: formatNumber(EDITORIAL_LIMITS.replyMax, lang) })}
        </span>
      </div>
      <FormError message={formError} />
      <div className="flex justify-end">
        <button type="submit" className={primaryButton} disabled={busy || !ready} data-reply-submit>
          {busy ? t('event.reply.sending') : t('event.reply.submit')}
        </button>
      </div>
    </form>
  );
}

const smallButton =
  'inline-flex min-h-11 shrink-0 items-center rounded-lg px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50';

function ReplyRow({ reply, onDeleted }: { reply: EventReply; onDeleted: () => void }) {
  const { t } = useTranslation('editorial');
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!(await dialog.confirm(t('event.reply.confirmDelete')))) return;
    setBusy(true);
    const res = await deleteEventReply(reply.reply_sn, t('retry'));
    setBusy(false);
    if (loginRequired(res)) return;
    // Already gone is what was asked for.
    if (isOk(res) || res.rslt_cd === ResultCode.EVENT_REPLY_NOT_FOUND) {
      onDeleted();
      dialog.toast(t('event.reply.deleted'));
    } else dialog.toast(res.rslt_msg || t('retry'));
  }

  return (
    <li className="flex gap-3 py-3" data-reply={reply.reply_sn} data-mine={reply.is_mine_yn === 'Y' || undefined}>
      <Avatar src={reply.profile_image} nick={reply.user_nick} size="size-9" text="text-sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="font-semibold" data-reply-nick>
            {reply.user_nick}
          </span>
          <span className="text-xs text-neutral-500">
            <span className="break-all">@{reply.user_id}</span> ·{' '}
            <time dateTime={reply.reg_date} className="tabular-nums">
              {kstDate(reply.reg_date, true)}
            </time>
          </span>
        </div>
        <PlainText text={reply.content} name="event-reply" className="mt-1 text-sm text-neutral-800" />
      </div>
      {reply.is_mine_yn === 'Y' && (
        <button
          type="button"
          onClick={() => void remove()}
          disabled={busy}
          aria-label={t('event.reply.deleteLabel')}
          className={`${smallButton} self-start text-neutral-500 hover:bg-neutral-100 hover:text-red-700`}
          data-reply-delete
        >
          {t('event.reply.delete')}
        </button>
      )}
    </li>
  );
}
