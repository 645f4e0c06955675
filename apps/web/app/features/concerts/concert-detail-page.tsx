import type { ConcertInfo } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { concertPath } from './concert-rules';
import { KstTime, StateBadge } from './concert-ui';

/** Plain text with its line breaks (React escapes it: nothing typed by an operator is read as HTML). */
function PlainText({ text, name }: { text: string; name: string }) {
  const { t } = useTranslation('concerts');
  if (!text.trim())
    return (
      <p className="text-neutral-500" data-concert-text={name} data-empty-text>
        {t('detail.none')}
      </p>
    );
  return (
    <p className="whitespace-pre-line text-[15px] leading-relaxed text-neutral-900 [overflow-wrap:anywhere]" data-concert-text={name}>
      {text}
    </p>
  );
}

/** /concert/detail/{id}: the full description, the notices and the refund rules, as plain text. */
export function ConcertDetailPage({ info }: { info: ConcertInfo }) {
  const { t } = useTranslation('concerts');
  const sections = [
    { name: 'description', title: t('detail.description'), text: info.description },
    { name: 'notice', title: t('detail.notice'), text: info.notice },
    { name: 'refund', title: t('detail.refund'), text: info.refund_rule },
  ];
  return (
    <article className="mx-auto max-w-3xl px-4 py-6 sm:py-8" data-concert-detail={info.concert_sn}>
      <p className="mb-3 text-sm">
        <Link
          to={concertPath(info.concert_sn)}
          className="inline-flex min-h-11 items-center text-brand-dark underline-offset-2 hover:underline"
        >
          ‹ {t('detail.back')}
        </Link>
      </p>
      <StateBadge state={info.state} />
      <h1 className="mt-2 text-2xl font-extrabold leading-snug [overflow-wrap:anywhere]">{info.title}</h1>
      <p className="mt-1 text-sm text-neutral-600">
        <KstTime iso={info.starts_at} />
      </p>
      {sections.map((s) => (
        <section key={s.name} className="mt-8" aria-labelledby={`concert-${s.name}`}>
          <h2 id={`concert-${s.name}`} className="mb-3 border-b border-neutral-200 pb-2 text-lg font-bold">
            {s.title}
          </h2>
          <PlainText text={s.text} name={s.name} />
        </section>
      ))}
    </article>
  );
}
