import { type ChannelRefusal, CommentProcSchema, FeedProcSchema, isChannelRefusal, MessageSendSchema } from '@byeol/contract';

/**
 * What the channel's comment, feed and message forms refuse before sending (issue 17, docs/channels.md): the
 * contract's schemas, so the same code and message as the server. Apart from channel-rules.ts, which the
 * play page and the home page load: the schemas, and zod with them, load with these forms only (issue 20).
 */

/** The refusal of a comment before sending (CHANNEL_CONTENT_REQUIRED, CHANNEL_COMMENT_LENGTH), or null. */
export function commentRefusal(id: string, content: string): ChannelRefusal | null {
  const checked = CommentProcSchema.safeParse({ mode: 'insert', id, content });
  if (checked.success) return null;
  const code = checked.error.issues.find((issue) => issue.path[0] === 'content')?.message ?? '';
  return isChannelRefusal(code) ? code : null;
}

/** The refusal of a feed post before sending (CHANNEL_CONTENT_REQUIRED, CHANNEL_FEED_LENGTH), or null. */
export function feedRefusal(content: string): ChannelRefusal | null {
  const checked = FeedProcSchema.safeParse({ mode: 'insert', content });
  if (checked.success) return null;
  const code = checked.error.issues.find((issue) => issue.path[0] === 'content')?.message ?? '';
  return isChannelRefusal(code) ? code : null;
}

/** What the message form refuses before sending: the recipient (missing or not a login ID) and the content. */
export interface MessageRefusal {
  to_id?: 'required' | 'invalid';
  content?: ChannelRefusal;
}

export function messageRefusal(toId: string, content: string): MessageRefusal | null {
  const checked = MessageSendSchema.safeParse({ to_id: toId, content });
  if (checked.success) return null;
  const found: MessageRefusal = {};
  for (const issue of checked.error.issues) {
    if (issue.path[0] === 'to_id' && !found.to_id) found.to_id = toId.trim() === '' ? 'required' : 'invalid';
    if (issue.path[0] === 'content' && !found.content && isChannelRefusal(issue.message)) found.content = issue.message;
  }
  return found.to_id || found.content ? found : null;
}
