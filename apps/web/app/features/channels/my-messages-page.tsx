import {
  CHANNEL_LIMITS,
  CHANNEL_REFUSAL_PARAMS,
  type MessageBox,
  type MessageItem,
  type MessageListSet,
  ResultCode,
  resultMessage,
} from '@byeol/contract';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { formatNumber, fromNow } from '../../lib/format';
import { messageComposePath } from '../../lib/links';
import { setUnreadMessages } from '../../lib/unread-messages';
import { useLoginRequired } from '../../lib/use-login-required';
import { useMoreList } from '../../lib/use-more-list';
import { useLang, useSite, useUser } from '../../lib/use-site';
import { Avatar } from '../../ui/avatar';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton, TextField } from '../../ui/fields';
import { BackToMyPage, EmptyState, ListFooter, LoadFailed } from '../../ui/list-ui';
import { type MessageRefusal, messageRefusal } from './channel-form-rules';
import { charCount } from './channel-rules';
import { deleteMessage, myMessages, readMessage, sendMessage } from './channels-api';

/**
 * /mypage/message/received and /mypage/message/send (issue 17): the two boxes as tabs with the box's total
 * and the unread count; a received message opens on a tap and is marked read; delete after a confirm. The
 * sent box carries the compose form (`?to=<login ID>` fills the recipient).
 */
export function MyMessagesPage({ box, initial, to }: { box: MessageBox; initial: MessageListSet | null; to: string }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const list = useMoreList<MessageListSet>(
    initial,
    (offset) => myMessages(box, offset, t('error.retry')),
    (m) => m.message_sn,
    t('error.retry'),
  );
  const userKey = useUser()?.user_key ?? 0;
  const [unread, setUnreadHere] = useState(initial?.unread_cnt ?? 0);
  // Every answer carrying the unread count also sets the header's badge (reading a message drops it at once).
  const setUnread = useCallback(
    (n: number) => {
      setUnreadHere(n);
      setUnreadMessages(userKey, n);
    },
    [userKey],
  );
  useEffect(() => {
    if (list.set) setUnread(list.set.unread_cnt);
  }, [list.set, setUnread]);
  const tabs: { key: MessageBox; to: string; text: string }[] = [
    { key: 'received', to: '/mypage/message/received', text: t('mine.message.received') },
    { key: 'sent', to: '/mypage/message/send', text: t('mine.message.sent') },
  ];

  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-my-messages={box}>
      <BackToMyPage />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('mine.message.title')}</h1>
        {box === 'received' && (
          <Link to={messageComposePath()} className={`${primaryButton} inline-flex items-center`} data-compose-link>
            {t('mine.message.write')}
          </Link>
        )}
      </div>
      <nav aria-label={t('mine.message.boxes')} className="mt-4 flex gap-2">
        {tabs.map((tab) => (
          <Link
            key={tab.key}
            to={tab.to}
            aria-current={tab.key === box ? 'page' : undefined}
            className={`inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 text-sm font-semibold ${
              tab.key === box ? 'bg-brand text-white' : 'bg-neutral-100 text-neutral-700 hover:bg-neutral-200'
            }`}
            data-message-box={tab.key}
          >
            {tab.text}
            {tab.key === 'received' && unread > 0 && (
              <span
                className={`rounded-full px-1.5 text-xs tabular-nums ${tab.key === box ? 'bg-white text-brand-dark' : 'bg-red-600 text-white'}`}
                data-unread-badge={unread}
              >
                {formatNumber(unread, lang)}
              </span>
            )}
          </Link>
        ))}
      </nav>

      {box === 'sent' && <ComposeForm key={to} to={to} onSent={() => void list.reload()} />}

      {!list.failed && (
        <p className="mt-6 flex flex-wrap gap-x-4 text-sm text-neutral-600" data-message-counts>
          <span data-total-count={list.total}>
            {t('mine.message.total')} <b className="tabular-nums text-neutral-900">{formatNumber(list.total, lang)}</b>
          </span>
          <span data-unread-count={unread}>
            {t('mine.message.unread')} <b className="tabular-nums text-neutral-900">{formatNumber(unread, lang)}</b>
          </span>
        </p>
      )}
      {list.failed ? (
        <LoadFailed onRetry={() => void list.reload()} busy={list.busy} />
      ) : list.rows.length === 0 ? (
        <EmptyState name={`messages-${box}`} text={box === 'received' ? t('mine.message.emptyReceived') : t('mine.message.emptySent')} />
      ) : (
        <ul className="mt-3 divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-message-list>
          {list.rows.map((m) => (
            <MessageRow
              key={m.message_sn}
              box={box}
              message={m}
              onChange={list.replace}
              onUnread={setUnread}
              onDeleted={() => list.remove(m.message_sn)}
            />
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </div>
  );
}

function MessageRow({
  box,
  message,
  onChange,
  onUnread,
  onDeleted,
}: {
  box: MessageBox;
  message: MessageItem;
  onChange: (m: MessageItem) => void;
  onUnread: (n: number) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const now = Math.max(useSite()?.now ?? 0, Date.parse(message.created_at) || 0);
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const unread = box === 'received' && message.read_yn === 'N';
  const contentId = `message-${message.message_sn}`;

  async function toggle() {
    setOpen((o) => !o);
    if (!unread) return;
    const res = await readMessage(message.message_sn, t('error.retry'));
    if (isOk(res)) {
      onChange({ ...message, read_yn: res.rslt_set.read_yn });
      onUnread(res.rslt_set.unread_cnt);
    } else if (!loginRequired(res)) dialog.toast(res.rslt_msg || t('error.retry'));
  }

  async function remove() {
    if (!(await dialog.confirm(t('mine.message.confirmDelete')))) return;
    setBusy(true);
    const res = await deleteMessage(box, message.message_sn, t('error.retry'));
    setBusy(false);
    if (isOk(res) || res.rslt_cd === ResultCode.MESSAGE_NOT_FOUND) {
      if (isOk(res)) onUnread(res.rslt_set.unread_cnt);
      onDeleted();
      dialog.toast(t('mine.message.deleted'));
    } else if (!loginRequired(res)) dialog.toast(res.rslt_msg || t('error.retry'));
  }

  return (
    <li className={`px-4 py-3 ${unread ? 'bg-brand/5' : ''}`} data-message={message.message_sn} data-read={message.read_yn}>
      <button
        type="button"
        onClick={() => void toggle()}
        aria-expanded={open}
        aria-controls={contentId}
        className="flex w-full items-start gap-3 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-brand"
        data-message-open
      >
        <Avatar src={message.other.profile_image} nick={message.other.nick} size="size-10" text="text-base" />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
            {unread && <span className="size-2 shrink-0 rounded-full bg-red-600" aria-hidden="true" />}
            <span className="text-xs text-neutral-600">{box === 'received' ? t('mine.message.from') : t('mine.message.to')}</span>
            <span className={`truncate ${unread ? 'font-extrabold' : 'font-semibold'}`} data-message-other={message.other.id}>
              {message.other.nick}
            </span>
            <span className="break-all text-xs text-neutral-600">@{message.other.id}</span>
          </span>
          <span className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-neutral-600">
            <time dateTime={message.created_at}>{fromNow(message.created_at, lang, now)}</time>
            <span data-read-state>
              {unread
                ? t('mine.message.new')
                : box === 'sent'
                  ? message.read_yn === 'Y'
                    ? t('mine.message.readBy')
                    : t('mine.message.notRead')
                  : t('mine.message.read')}
            </span>
          </span>
          <span
            id={contentId}
            className={`mt-1 block whitespace-pre-line break-words text-sm text-neutral-800 ${open ? '' : 'line-clamp-2'}`}
            data-message-content
          >
            {message.content}
          </span>
        </span>
      </button>
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        {box === 'received' && (
          <Link to={messageComposePath(message.other.id)} className={`${secondaryButton} inline-flex items-center`} data-message-reply>
            {t('mine.message.reply')}
          </Link>
        )}
        <button type="button" onClick={() => void remove()} disabled={busy} className={secondaryButton} data-message-delete>
          {t('mine.message.delete')}
        </button>
      </div>
    </li>
  );
}

/** The compose form: the recipient's login ID and the message, checked by the contract's schema first. */
function ComposeForm({ to, onSent }: { to: string; onSent: () => void }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [toId, setToId] = useState(to);
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ to_id?: string; content?: string }>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const count = charCount(content);

  function messagesOf(refusal: MessageRefusal) {
    return {
      to_id: refusal.to_id ? (refusal.to_id === 'required' ? t('mine.message.toRequired') : t('mine.message.toInvalid')) : undefined,
      content: refusal.content ? resultMessage(refusal.content, lang, CHANNEL_REFUSAL_PARAMS[refusal.content]) : undefined,
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const refusal = messageRefusal(toId, content);
    if (refusal) {
      setErrors(messagesOf(refusal));
      return;
    }
    setErrors({});
    setBusy(true);
    const res = await sendMessage({ to_id: toId.trim(), content }, t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      if (loginRequired(res)) return;
      const message = res.rslt_msg || t('error.retry');
      const field = fieldOf(res);
      if (res.rslt_cd === ResultCode.MESSAGE_RECIPIENT_NOT_FOUND || res.rslt_cd === ResultCode.MESSAGE_SELF || field === 'to_id') {
        setErrors({ to_id: message });
      } else if (field === 'content') setErrors({ content: message });
      else setFormError(message);
      return;
    }
    setContent('');
    dialog.toast(t('mine.message.sentDone'));
    onSent();
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-6 space-y-3 rounded-2xl border border-neutral-200 p-4"
      aria-labelledby="compose-title"
      data-compose-form
    >
      <h2 id="compose-title" className="font-bold">
        {t('mine.message.write')}
      </h2>
      <TextField
        id="message-to"
        label={t('mine.message.toLabel')}
        value={toId}
        onChange={(e) => setToId(e.target.value)}
        placeholder={t('mine.message.toPlaceholder')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        errors={[errors.to_id ?? '']}
      />
      <div>
        <label htmlFor="message-content" className="mb-1 block text-sm font-semibold text-neutral-800">
          {t('mine.message.content')}
        </label>
        <textarea
          id="message-content"
          name="content"
          rows={4}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          aria-invalid={Boolean(errors.content)}
          aria-describedby="message-content-msg message-content-count"
          className={`${inputClass} resize-y`}
        />
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 flex-1">
            <FieldMessages id="message-content" errors={[errors.content ?? '']} />
          </div>
          <span
            id="message-content-count"
            className={`shrink-0 pt-1 text-xs tabular-nums ${count > CHANNEL_LIMITS.messageMax ? 'font-bold text-red-600' : 'text-neutral-600'}`}
            data-counter={count}
          >
            {t('counter', { n: formatNumber(count, lang), max: formatNumber(CHANNEL_LIMITS.messageMax, lang) })}
          </span>
        </div>
      </div>
      <FormError message={formError} />
      <div className="flex justify-end">
        <button type="submit" className={primaryButton} disabled={busy} data-compose-submit>
          {busy ? t('mine.message.sending') : t('mine.message.send')}
        </button>
      </div>
    </form>
  );
}
