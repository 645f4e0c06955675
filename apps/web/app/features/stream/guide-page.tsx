import { GUIDE_KINDS, type GuideKind, OBS_RECOMMENDED } from '@byeol/contract';
import { Link, NavLink } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { copyText } from '../../lib/copy';
import { numberFormat } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { secondaryButton } from '../../ui/fields';

const STEPS = {
  obs: ['guide.obs.s1', 'guide.obs.s2', 'guide.obs.s3', 'guide.obs.s4', 'guide.obs.s5'],
  pc: ['guide.pc.s1', 'guide.pc.s2', 'guide.pc.s3', 'guide.pc.s4'],
  mobile: ['guide.mobile.s1', 'guide.mobile.s2', 'guide.mobile.s3', 'guide.mobile.s4', 'guide.mobile.s5'],
} as const satisfies Record<GuideKind, readonly string[]>;

/** The recommended encoder settings (OBS_RECOMMENDED), one table for every guide. */
function Recommended() {
  const { t } = useTranslation('stream');
  const number = numberFormat(useLang());
  const r = OBS_RECOMMENDED;
  const rows: [string, string, string][] = [
    ['keyframe', t('guide.recommended.keyframe'), t('guide.recommended.keyframeValue', { sec: r.keyframeSec })],
    ['encoder', t('guide.recommended.encoder'), r.encoder],
    ['preset', t('guide.recommended.preset'), `${r.preset} / ${r.tune}`],
    ['rate', t('guide.recommended.rate'), r.rateControl],
    [
      'audio',
      t('guide.recommended.audio'),
      t('guide.recommended.audioValue', { rate: r.audioSampleRate / 1000, kbps: r.audioBitrateKbps }),
    ],
  ];
  return (
    <section aria-labelledby="guide-recommended" className="space-y-4">
      <h2 id="guide-recommended" className="text-xl font-bold">
        {t('guide.recommended.title')}
      </h2>
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-neutral-200 text-neutral-500">
            <tr>
              <th className="py-2 font-semibold">{t('guide.recommended.setting')}</th>
              <th className="py-2 font-semibold">{t('guide.recommended.value')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([key, label, value]) => (
              <tr key={key} className="border-b border-neutral-100" data-recommended={key}>
                <td className="py-2 pr-4">{label}</td>
                <td className="py-2 font-mono">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="font-semibold">{t('guide.recommended.bitrates')}</h3>
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-neutral-200 text-neutral-500">
            <tr>
              <th className="py-2 font-semibold">{t('guide.recommended.resolution')}</th>
              <th className="py-2 font-semibold">{t('guide.recommended.bitrate')}</th>
            </tr>
          </thead>
          <tbody>
            {r.bitrates.map((b) => (
              <tr key={b.resolution} className="border-b border-neutral-100">
                <td className="py-2 pr-4 font-mono">
                  {b.resolution} · {b.fps} fps
                </td>
                <td className="py-2 font-mono">{t('guide.recommended.kbps', { kbps: number.format(b.kbps) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * /guide/obs, /guide/pc, /guide/mobile (SPEC §2 broadcast guide): the steps for each way of broadcasting
 * with this site's real RTMP URL, the recommended encoder settings and why the keyframe interval is 1 s.
 */
export function GuidePage({ kind, rtmpUrl }: { kind: GuideKind; rtmpUrl: string }) {
  const { t } = useTranslation('stream');
  const dialog = useDialog();
  return (
    <div className="mx-auto max-w-2xl space-y-8 px-4 py-10">
      <nav aria-label={t('guide.nav.label')}>
        <ul className="flex gap-2">
          {GUIDE_KINDS.map((k) => (
            <li key={k}>
              <NavLink
                to={`/guide/${k}`}
                className={({ isActive }) =>
                  `inline-block rounded-full px-4 py-2 text-sm font-semibold ${isActive ? 'bg-brand text-white' : 'bg-neutral-100 text-neutral-700 hover:bg-neutral-200'}`
                }
              >
                {t(`guide.nav.${k}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <header className="space-y-3">
        <h1 className="text-2xl font-bold">{t(`guide.${kind}.title`)}</h1>
        <p className="text-neutral-700" data-guide-intro>
          {t(`guide.${kind}.intro`)}
        </p>
      </header>
      <ol className="list-decimal space-y-2 pl-6">
        {STEPS[kind].map((s) => (
          <li key={s}>{t(s)}</li>
        ))}
      </ol>
      <section className="space-y-3 rounded-2xl border border-neutral-200 p-5">
        <label htmlFor="guide-server" className="block text-sm font-semibold text-neutral-800">
          {t('guide.server')}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id="guide-server"
            readOnly
            value={rtmpUrl || 'rtmp://…/live'}
            spellCheck={false}
            className="min-h-11 min-w-0 flex-1 rounded-lg border border-neutral-300 bg-neutral-50 px-3 py-2 font-mono text-sm"
            data-rtmp-url
          />
          {rtmpUrl && (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => void copyText(rtmpUrl).then((done) => done && dialog.toast(t('server.copied')))}
            >
              {t('server.copy')}
            </button>
          )}
        </div>
        <p className="text-sm font-semibold text-neutral-800">{t('guide.key')}</p>
        <p className="text-sm text-neutral-600">{t('guide.keyWhere')}</p>
        <Link to="/mypage/stream" className="text-sm font-semibold text-brand underline-offset-2 hover:underline">
          {t('guide.openStream')}
        </Link>
      </section>
      <section aria-labelledby="guide-keyframe" className="space-y-2 rounded-2xl bg-amber-50 p-5 text-amber-950">
        <h2 id="guide-keyframe" className="text-lg font-bold">
          {t('guide.keyframe.title')}
        </h2>
        <p>{t('guide.keyframe.why')}</p>
        <p>{t('guide.keyframe.obsDefault')}</p>
      </section>
      <Recommended />
      {kind === 'pc' && (
        <Link to="/guide/obs" className="inline-block text-sm font-semibold text-brand underline-offset-2 hover:underline">
          {t('guide.pc.obsLink')}
        </Link>
      )}
    </div>
  );
}
