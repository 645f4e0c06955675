import { DEFAULT_LANG, JOSA_PAIRS, LANGS, type Lang, withJosa } from '@byeol/contract';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { account } from './resources/account';
import { achieve } from './resources/achieve';
import { admin } from './resources/admin';
import { board } from './resources/board';
import { channels } from './resources/channels';
import { chat } from './resources/chat';
import { clips } from './resources/clips';
import { common } from './resources/common';
import { concerts } from './resources/concerts';
import { cs } from './resources/cs';
import { dialog } from './resources/dialog';
import { editorial } from './resources/editorial';
import { guests } from './resources/guests';
import { identity } from './resources/identity';
import { missions } from './resources/missions';
import { payments } from './resources/payments';
import { play } from './resources/play';
import { profile } from './resources/profile';
import { progression } from './resources/progression';
import { rankings } from './resources/rankings';
import { recovery } from './resources/recovery';
import { schedule } from './resources/schedule';
import { search } from './resources/search';
import { social } from './resources/social';
import { stars } from './resources/stars';
import { store } from './resources/store';
import { stream } from './resources/stream';
import { supporters } from './resources/supporters';
import { wallet } from './resources/wallet';

/** Every namespace with its texts per language; i18n.test.ts checks they have the same keys. */
export const namespaces = {
  common,
  dialog,
  account,
  social,
  recovery,
  profile,
  identity,
  stream,
  play,
  chat,
  store,
  wallet,
  payments,
  admin,
  supporters,
  channels,
  search,
  rankings,
  cs,
  board,
  editorial,
  schedule,
  stars,
  concerts,
  clips,
  missions,
  progression,
  achieve,
  guests,
} as const;

export const resources = Object.fromEntries(
  LANGS.map((lang) => [lang, Object.fromEntries(Object.entries(namespaces).map(([ns, byLang]) => [ns, byLang[lang]]))]),
);

/**
 * One i18next instance per render tree (per request on the server), initialised synchronously so SSR
 * renders the caller's language on the first pass.
 */
export function createI18n(lang: Lang): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    defaultNS: 'common',
    ns: Object.keys(namespaces),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  // `{{name, josa(을/를)}}` in Korean texts: the word with the particle its last syllable takes.
  instance.services.formatter?.add('josa', (value, _lng, options: Record<string, unknown>) => {
    const pair = JOSA_PAIRS.find((p) => p in options);
    return pair ? withJosa(String(value), pair) : String(value);
  });
  return instance;
}
