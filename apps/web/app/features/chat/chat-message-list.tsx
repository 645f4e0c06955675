import type { ChatUserInfo } from '@byeol/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { ChatLineView } from './chat-lines';
import type { VisibleLine } from './chat-model';

/** Pixels from the bottom that still count as "at the newest message". */
const AT_END_PX = 32;

/**
 * The messages, virtualised: only the rows in view (and a few around) are in the DOM. It follows new
 * lines while the viewer is at the bottom; scrolling up pauses that and a "new messages ↓" button
 * counts what arrived and scrolls back down.
 */
export function ChatMessageList({
  lines,
  added,
  bjUserKey,
  meKey,
  onNick,
}: {
  lines: VisibleLine[];
  /** The model's running count of added lines: tells new lines from trimmed ones. */
  added: number;
  bjUserKey: number;
  meKey: number;
  /** A nick was pressed: its user, and the text of the line it sits on (for a report of that line). */
  onNick: (user: ChatUserInfo, quote?: string, mid?: string) => void;
}) {
  const { t } = useTranslation('chat');
  const scrollRef = useRef<HTMLDivElement>(null);
  const [atEnd, setAtEnd] = useState(true);
  const [unseen, setUnseen] = useState(0);
  const lastAdded = useRef(added);

  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 28,
    overscan: 10,
    getItemKey: (index) => lines[index]?.line.id ?? index,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AT_END_PX,
  });

  // A list shown again (back from the user list) opens at the newest line.
  const hasLines = lines.length > 0;
  useEffect(() => {
    if (hasLines) virtualizer.scrollToEnd();
  }, [hasLines, virtualizer]);

  // Lines that arrived while the viewer reads older ones are counted for the button.
  useEffect(() => {
    const fresh = added - lastAdded.current;
    lastAdded.current = added;
    if (fresh > 0 && !atEnd) setUnseen((n) => n + fresh);
  }, [added, atEnd]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const end = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_END_PX;
    setAtEnd(end);
    if (end) setUnseen(0);
  };

  const toEnd = () => {
    virtualizer.scrollToEnd();
    setUnseen(0);
  };

  if (lines.length === 0) {
    return (
      <div className="flex flex-1 items-center justify-center px-4 text-sm text-neutral-400" data-chat-empty>
        {t('panel.empty')}
      </div>
    );
  }

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scrollRef}
        onScroll={onScroll}
        className="h-full overflow-y-auto overscroll-contain py-1"
        data-chat-scroll
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t('panel.label')}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const entry = lines[item.index];
            if (!entry) return null;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
              >
                <ChatLineView line={entry.line} dimmed={entry.dimmed} bjUserKey={bjUserKey} meKey={meKey} onNick={onNick} />
              </div>
            );
          })}
        </div>
      </div>
      {!atEnd && (
        <button
          type="button"
          onClick={toEnd}
          className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded-full bg-violet-600 px-3 py-1 text-xs font-semibold text-white shadow-lg"
          data-chat-new-messages={unseen}
        >
          {t('panel.newMessages')}
          {unseen > 0 ? ` (${unseen})` : ''}
        </button>
      )}
    </div>
  );
}
