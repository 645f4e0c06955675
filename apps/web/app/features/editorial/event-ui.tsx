import type { EventPhase } from '@byeol/contract';
import { useTranslation } from '../../i18n/react';
import { eventPeriod } from './editorial-rules';

const PHASE_STYLE: Record<EventPhase, string> = {
  running: 'bg-emerald-700 text-white',
  upcoming: 'bg-amber-100 text-amber-900',
  ended: 'bg-neutral-200 text-neutral-700',
};

/** '진행 중', '예정', '종료'. */
export function PhaseBadge({ phase }: { phase: EventPhase }) {
  const { t } = useTranslation('editorial');
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${PHASE_STYLE[phase]}`}
      data-phase={phase}
    >
      {t(`event.phase.${phase}`)}
    </span>
  );
}

/** An event's banner, or its title's first letter on a gradient when it has none; greyed once it ended. */
export function EventBanner({ src, title, ended, large = false }: { src: string; title: string; ended: boolean; large?: boolean }) {
  return (
    <div
      className={`relative overflow-hidden bg-gradient-to-r from-brand to-fuchsia-500 ${large ? 'aspect-[2/1] rounded-2xl sm:aspect-[3/1]' : 'aspect-[5/2]'} ${ended ? 'grayscale' : ''}`}
    >
      {src ? (
        <img src={src} alt="" loading={large ? 'eager' : 'lazy'} className="h-full w-full object-cover" data-event-banner />
      ) : (
        <span aria-hidden="true" className="flex h-full items-center justify-center text-4xl font-extrabold text-white/85">
          {title.match(/[\p{L}\p{N}]/u)?.[0] ?? '★'}
        </span>
      )}
    </div>
  );
}

/** '기간 2026.11.22 10:00 ~ 2026.12.03 23:59' (KST). */
export function EventPeriod({ start, end, className = '' }: { start: string; end: string; className?: string }) {
  const { t } = useTranslation('editorial');
  const shown = eventPeriod(start, end);
  return (
    <p className={`flex flex-wrap gap-x-2 text-neutral-600 tabular-nums ${className}`} data-event-period>
      <span className="font-semibold text-neutral-800">{t('event.period')}</span>
      <span data-start={start} data-end={end}>
        {t('event.periodValue', shown)}
      </span>
    </p>
  );
}
