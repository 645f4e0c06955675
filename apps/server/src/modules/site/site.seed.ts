import { SITE_DEFAULTS, SITE_SWITCHES, type SiteSettings } from '@byeol/contract';

/** Site defaults of SPEC §3 and §9, written on first start when the site row is missing. */
export const DEFAULT_SITE = {
  siteKey: 1,
  aspKey: 1,
  siteName: '별',
  countryCd: SITE_DEFAULTS.countryCd,
  langCd: SITE_DEFAULTS.langCd,
  regCountryCd: SITE_DEFAULTS.countryCd,
  languages: ['ko', 'en', 'ja', 'zh-CN'],
  imageDomain: '',
  expire: 600,
  meta: {
    title: '별 - K-POP 라이브 스트리밍 커뮤니티',
    description: 'BJ의 라이브 방송을 보고, 채팅하고, 스타를 선물하며 팬클럽과 함께 성장하는 K-POP 라이브 스트리밍 커뮤니티입니다.',
    keywords: '별,K-POP,케이팝,라이브,방송,BJ,스트리밍,팬클럽',
    og_image: '/og-image.png',
    twitter_image: '/og-image.png',
    thumbnail: '/og-image.png',
  },
  footer: {
    reg_num: '000-00-00000',
    company_nm: '(주)별',
    ceo_nm: '대표자',
    adr_nm: '서울특별시',
    email: 'help@byeol.example',
    phone1: '1588-0000',
    phone2: '',
    online_business_num: '제0000-서울-0000호',
    hosting_business_nm: '(주)별',
    bank_account_nm: '',
  },
  settings: {
    // Every feature on, but the game: there is none yet (docs/progression.md, Game).
    ...(Object.fromEntries(SITE_SWITCHES.map((s) => [`${s}_yn`, s === 'game' ? 'N' : 'Y'])) as Record<
      `${(typeof SITE_SWITCHES)[number]}_yn`,
      'Y' | 'N'
    >),
    reward_rate: SITE_DEFAULTS.rewardRate,
    verification_cubic: SITE_DEFAULTS.verificationCubic,
  } satisfies SiteSettings,
};

/**
 * Site terms per language, all empty strings (SPEC §3): the answer fills an empty name with the SPEC §9
 * default (BJ, STAR, CUBIC); an operator renames a currency per language by setting the row.
 */
export const DEFAULT_TERMS = (['ko', 'en', 'ja', 'zh'] as const).map((langCd) => ({ siteKey: 1, langCd }));

export const DEFAULT_PAGE_META = [
  {
    requestUrl: '/sub/live',
    metaTitle: '라이브 - 별',
    metaDescription: '지금 방송 중인 BJ의 라이브를 만나 보세요.',
    metaKeyword: '라이브,방송',
  },
  {
    requestUrl: '/sub/replay',
    metaTitle: '다시보기 - 별',
    metaDescription: '놓친 방송을 다시보기로 만나 보세요.',
    metaKeyword: '다시보기,VOD',
  },
  { requestUrl: '/sub/ranking', metaTitle: '랭킹 - 별', metaDescription: 'BJ와 팬의 랭킹을 확인하세요.', metaKeyword: '랭킹' },
  { requestUrl: '/store', metaTitle: '스토어 - 별', metaDescription: '스타와 아이템을 구매하세요.', metaKeyword: '스토어,스타,아이템' },
  { requestUrl: '/cs/faq', metaTitle: '자주 묻는 질문 - 별', metaDescription: '', metaKeyword: 'FAQ' },
  {
    requestUrl: '/guide/obs',
    metaTitle: 'OBS 방송 가이드 - 별',
    metaDescription: 'OBS로 별에서 방송하는 방법을 안내합니다.',
    metaKeyword: 'OBS,방송,가이드',
  },
];

export const DEFAULT_GUIDES = [
  { kind: 'policy' as const, code: 'terms', required: true, title: '서비스 이용약관', sortNo: 1 },
  { kind: 'policy' as const, code: 'privacy', required: true, title: '개인정보 처리방침', sortNo: 2 },
  { kind: 'policy' as const, code: 'youth', required: false, title: '청소년 보호정책', sortNo: 3 },
  { kind: 'service' as const, code: 'guide', required: false, title: 'PC 방송 가이드', sortNo: 1 },
  { kind: 'service' as const, code: 'guide', required: false, title: '모바일 방송 가이드', sortNo: 2 },
  { kind: 'service' as const, code: 'guide', required: false, title: 'OBS 방송 가이드', sortNo: 3 },
];
