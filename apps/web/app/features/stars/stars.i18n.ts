/**
 * Texts of the program and K-star directories (features/stars, /sub/program and /sub/kstar, issue 22). The
 * pages' names are the site terms (sti_program_bj_name, sti_enter_bj_name) when the operator set them;
 * `name` is the fallback. Refusals arrive translated (rslt_msg).
 */
export const stars = {
  ko: {
    name: { program: '프로그램', kstar: 'K-STAR', concert: '콘서트' },
    lead: {
      program: '방송 프로그램 채널을 모았습니다. 지금 방송 중인 프로그램이 먼저 나옵니다.',
      kstar: '소속사 스타의 방송 채널입니다. 지금 방송 중인 스타가 먼저 나옵니다.',
    },
    total: '채널 {{n}}개',
    empty: {
      program: '아직 등록된 {{name}} 채널이 없습니다.',
      kstar: '아직 등록된 {{name}} 채널이 없습니다.',
      group: '이 그룹에는 아직 멤버가 없습니다.',
    },
    loadFailed: '목록을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.',
    live: 'LIVE',
    viewers: '{{n}}명 시청 중',
    followers: '팔로워 {{n}}',
    latest: '최근 방송: {{title}}',
    noBroadcast: '아직 방송 기록이 없습니다.',
    watchLive: '{{nick}} 방송 보기',
    agency: '소속사',
    group: '그룹',
    debut: '데뷔',
    debutOn: '{{date}} 데뷔',
    groups: {
      label: '그룹으로 보기',
      all: '전체',
      live: '{{n}}명 방송 중',
      members: '멤버 {{n}}명',
      info: '{{name}} 그룹',
    },
  },
  en: {
    name: { program: 'Programs', kstar: 'K-STAR', concert: 'Concerts' },
    lead: {
      program: 'The channels of broadcast programs. Programs on air now come first.',
      kstar: 'The channels of agency stars. Stars on air now come first.',
    },
    total: '{{n}} channels',
    empty: {
      program: 'No {{name}} channels yet.',
      kstar: 'No {{name}} channels yet.',
      group: 'This group has no members yet.',
    },
    loadFailed: 'The list could not be loaded. Please try again shortly.',
    live: 'LIVE',
    viewers: '{{n}} watching',
    followers: '{{n}} followers',
    latest: 'Latest: {{title}}',
    noBroadcast: 'No broadcasts yet.',
    watchLive: "Watch {{nick}}'s live broadcast",
    agency: 'Agency',
    group: 'Group',
    debut: 'Debut',
    debutOn: 'Debuted {{date}}',
    groups: {
      label: 'Filter by group',
      all: 'All',
      live: '{{n}} live',
      members: '{{n}} members',
      info: 'Group {{name}}',
    },
  },
  ja: {
    name: { program: 'プログラム', kstar: 'K-STAR', concert: 'コンサート' },
    lead: {
      program: '番組チャンネルの一覧です。配信中の番組が先に表示されます。',
      kstar: '事務所所属スターの配信チャンネルです。配信中のスターが先に表示されます。',
    },
    total: '{{n}}チャンネル',
    empty: {
      program: '登録された{{name}}チャンネルはまだありません。',
      kstar: '登録された{{name}}チャンネルはまだありません。',
      group: 'このグループにはまだメンバーがいません。',
    },
    loadFailed: '一覧を読み込めませんでした。しばらくしてからもう一度お試しください。',
    live: 'LIVE',
    viewers: '{{n}}人が視聴中',
    followers: 'フォロワー {{n}}',
    latest: '最近の配信: {{title}}',
    noBroadcast: '配信の記録はまだありません。',
    watchLive: '{{nick}}の配信を見る',
    agency: '事務所',
    group: 'グループ',
    debut: 'デビュー',
    debutOn: '{{date}} デビュー',
    groups: {
      label: 'グループで絞り込む',
      all: 'すべて',
      live: '{{n}}人配信中',
      members: 'メンバー{{n}}人',
      info: 'グループ {{name}}',
    },
  },
  'zh-CN': {
    name: { program: '节目', kstar: 'K-STAR', concert: '演唱会' },
    lead: {
      program: '汇集了节目频道。正在直播的节目排在前面。',
      kstar: '经纪公司艺人的直播频道。正在直播的艺人排在前面。',
    },
    total: '{{n}}个频道',
    empty: {
      program: '还没有{{name}}频道。',
      kstar: '还没有{{name}}频道。',
      group: '该组合还没有成员。',
    },
    loadFailed: '无法加载列表，请稍后再试。',
    live: 'LIVE',
    viewers: '{{n}}人观看中',
    followers: '粉丝 {{n}}',
    latest: '最近直播：{{title}}',
    noBroadcast: '还没有直播记录。',
    watchLive: '观看{{nick}}的直播',
    agency: '经纪公司',
    group: '组合',
    debut: '出道',
    debutOn: '{{date}} 出道',
    groups: {
      label: '按组合筛选',
      all: '全部',
      live: '{{n}}人直播中',
      members: '成员{{n}}人',
      info: '组合 {{name}}',
    },
  },
} as const;

declare module '../../i18n/namespaces' {
  interface FeatureTexts {
    stars: typeof stars;
  }
}
