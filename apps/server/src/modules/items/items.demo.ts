import type { ItemCategory, LocalizedText } from '@byeol/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { users } from '../users/index.js';
import { applyInTx, ensureAccounts, refKey } from '../wallet/index.js';
import type { Posting } from '../wallet/wallet.batcher.js';
import { createItems } from './items.repository.js';
import { storeItem } from './items.tables.js';

/**
 * The demo catalogue (docs/items.md): a few items over every category, named in the four languages, with
 * inline SVG images (data: URLs, so they show offline and need no file), and an item or two for the
 * funded demo fans, bought through the ledger like any purchase.
 */

/** A 64×64 rounded tile of `bg` with a white shape, as a data: URL (well under the 500 characters of image_url). */
function tile(bg: string, shape: string): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'><rect width='64' height='64' rx='14' fill='${bg}'/>${shape}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const STAR = "<path fill='#fff' d='m32 10 6.5 14 15.2 1.6-11.4 10.2 3.2 15L32 43.2l-13.5 7.6 3.2-15-11.4-10.2L25.5 24z'/>";
const HEART = "<path fill='#fff' d='M32 52 14 34a10 10 0 0 1 18-13 10 10 0 0 1 18 13z'/>";
const BURST =
  "<g stroke='#fff' stroke-width='4' stroke-linecap='round'><path d='M32 10v10M32 44v10M10 32h10M44 32h10M17 17l7 7M40 40l7 7M47 17l-7 7M24 40l-7 7'/></g><circle cx='32' cy='32' r='5' fill='#fff'/>";
const CROWN = "<path fill='#fff' d='M12 46h40l3-26-12 9-11-15-11 15-12-9z'/>";
const MEDAL =
  "<circle cx='32' cy='36' r='14' fill='none' stroke='#fff' stroke-width='5'/><path fill='#fff' d='M22 8h8l4 14h-8zM42 8h-8l-4 14h8z'/>";
const STICK = "<rect x='28' y='30' width='8' height='26' rx='3' fill='#fff'/><circle cx='32' cy='20' r='12' fill='#fff'/>";
const BUBBLE = "<path fill='#fff' d='M12 16h40v24H28l-10 9v-9h-6z'/>";

interface DemoItem {
  category: ItemCategory;
  names: Required<LocalizedText>;
  descriptions: LocalizedText;
  image: string;
  price: number;
  validityDays: number;
  usesPerDay: number;
  refundable: boolean;
  giftable: boolean;
  singleUse?: boolean;
}

export const DEMO_ITEMS: DemoItem[] = [
  {
    category: 'effect',
    names: { ko: '별빛 샤워', en: 'Starlight Shower', ja: '星のシャワー', 'zh-CN': '星光雨' },
    descriptions: {
      ko: '방송 화면에 별이 쏟아집니다.',
      en: 'Stars rain down over the stream.',
      ja: '配信画面に星が降り注ぎます。',
      'zh-CN': '直播画面上洒下星星。',
    },
    image: tile('#6d4aff', STAR),
    price: 300,
    validityDays: 30,
    usesPerDay: 5,
    refundable: true,
    giftable: true,
  },
  {
    category: 'effect',
    names: { ko: '축하 폭죽', en: 'Fireworks', ja: 'お祝い花火', 'zh-CN': '庆祝烟花' },
    descriptions: {
      ko: '무대가 끝나면 폭죽을 터뜨려 주세요.',
      en: 'Set off fireworks after a great stage.',
      ja: 'ステージの後に花火を。',
      'zh-CN': '精彩演出后放烟花。',
    },
    image: tile('#ff6b4a', BURST),
    price: 500,
    validityDays: 7,
    usesPerDay: 1,
    refundable: true,
    giftable: true,
    singleUse: true,
  },
  {
    category: 'sticker',
    names: { ko: '하트 스티커', en: 'Heart Sticker', ja: 'ハートステッカー', 'zh-CN': '爱心贴纸' },
    descriptions: {
      ko: '채팅에 하트를 붙여요.',
      en: 'Add a heart to the chat.',
      ja: 'チャットにハートを。',
      'zh-CN': '在聊天中贴上爱心。',
    },
    image: tile('#ff4a8d', HEART),
    price: 50,
    validityDays: 30,
    usesPerDay: 0,
    refundable: true,
    giftable: true,
  },
  {
    category: 'sticker',
    names: { ko: '응원봉 스티커', en: 'Lightstick Sticker', ja: 'ペンライトステッカー', 'zh-CN': '应援棒贴纸' },
    descriptions: {
      ko: '응원봉을 흔들어 응원하세요.',
      en: 'Wave a lightstick for your BJ.',
      ja: 'ペンライトで応援しよう。',
      'zh-CN': '挥舞应援棒为主播加油。',
    },
    image: tile('#22b8cf', STICK),
    price: 80,
    validityDays: 30,
    usesPerDay: 10,
    refundable: true,
    giftable: true,
  },
  {
    category: 'badge',
    names: { ko: '왕관 배지', en: 'Crown Badge', ja: '王冠バッジ', 'zh-CN': '皇冠徽章' },
    descriptions: {
      ko: '닉네임 옆에 왕관이 빛납니다.',
      en: 'A crown shines next to your nickname.',
      ja: 'ニックネームの横に王冠が輝きます。',
      'zh-CN': '昵称旁闪耀皇冠。',
    },
    image: tile('#f59f00', CROWN),
    price: 1_000,
    validityDays: 90,
    usesPerDay: 0,
    refundable: false,
    giftable: true,
  },
  {
    category: 'badge',
    names: { ko: '팬 메달', en: 'Fan Medal', ja: 'ファンメダル', 'zh-CN': '粉丝奖章' },
    descriptions: { ko: '열혈 팬의 증표.', en: 'The mark of a devoted fan.', ja: '熱烈なファンの証。', 'zh-CN': '铁杆粉丝的标志。' },
    image: tile('#2f9e44', MEDAL),
    price: 200,
    validityDays: 30,
    usesPerDay: 0,
    refundable: true,
    giftable: true,
  },
  {
    category: 'chat',
    names: { ko: '컬러 채팅', en: 'Colour Chat', ja: 'カラーチャット', 'zh-CN': '彩色聊天' },
    descriptions: {
      ko: '채팅 글자에 색을 입혀요.',
      en: 'Your chat messages in colour.',
      ja: 'チャットの文字に色を。',
      'zh-CN': '为聊天文字添加颜色。',
    },
    image: tile('#845ef7', BUBBLE),
    price: 150,
    validityDays: 14,
    usesPerDay: 20,
    refundable: true,
    giftable: false,
  },
];

/** What the demo fans own: fan1 bought a Starlight Shower and gave fan2 two Heart Stickers. */
const DEMO_PURCHASES = [
  { buyer: 'demo_fan1', receiver: null, item: 0, cnt: 1 },
  { buyer: 'demo_fan1', receiver: 'demo_fan2', item: 2, cnt: 2 },
  { buyer: 'demo_fan2', receiver: null, item: 3, cnt: 1 },
] as const;

/**
 * Seeds the demo catalogue and the fans' items once (a second call finds the demo items and does nothing),
 * inside the demo seed's transaction, after the fans were funded.
 */
export async function seedDemoItems(tx: Tx): Promise<void> {
  const existing = await tx.select({ n: sql<number>`count(*)::int` }).from(storeItem).where(eq(storeItem.isDemo, true));
  if ((existing[0]?.n ?? 0) > 0) return;
  const rows = await tx
    .insert(storeItem)
    .values(
      DEMO_ITEMS.map((d, i) => ({
        category: d.category,
        names: d.names,
        descriptions: d.descriptions,
        imageUrl: d.image,
        price: d.price,
        validityDays: d.validityDays,
        usesPerDay: d.usesPerDay,
        refundable: d.refundable,
        giftable: d.giftable,
        singleUse: d.singleUse ?? false,
        sort: i + 1,
        isDemo: true,
      })),
    )
    .returning({ itemSn: storeItem.itemSn });

  const fans = await tx
    .select({ userKey: users.userKey, id: users.id })
    .from(users)
    .where(and(eq(users.isDemo, true), inArray(users.id, ['demo_fan1', 'demo_fan2'])));
  const keyOf = new Map(fans.map((f) => [f.id, f.userKey]));
  const accounts = await ensureAccounts(tx, [
    ...fans.map((f) => ({ kind: 'wallet' as const, userKey: f.userKey, currency: 'CUBIC' as const })),
    { kind: 'sink', currency: 'CUBIC' },
  ]);
  const sink = accounts.get(refKey({ kind: 'sink', currency: 'CUBIC' }));
  for (const [n, p] of DEMO_PURCHASES.entries()) {
    const buyer = keyOf.get(p.buyer);
    const receiver = p.receiver === null ? null : keyOf.get(p.receiver);
    const item = DEMO_ITEMS[p.item];
    const itemSn = rows[p.item]?.itemSn;
    const from = buyer === undefined ? undefined : accounts.get(refKey({ kind: 'wallet', userKey: buyer, currency: 'CUBIC' }));
    if (buyer === undefined || receiver === undefined || !item || itemSn === undefined || !from || !sink) continue;
    const total = item.price * p.cnt;
    const posting: Posting = {
      actor: buyer,
      key: `demo-item:${buyer}:${n}`,
      fingerprint: `item:${from.accountId}:${sink.accountId}:CUBIC:${total}:${itemSn}x${p.cnt}>${receiver ?? ''}`,
      kind: 'item',
      currency: 'CUBIC',
      from: from.accountId,
      fromSystem: false,
      amount: total,
      meta: { item_sn: itemSn, cnt: p.cnt, gift_id: p.receiver, price: item.price, ...(receiver ? { gift_user_key: receiver } : {}) },
      credits: [{ account: sink.accountId, amount: total }],
    };
    const [applied] = await applyInTx(tx, [posting]);
    if (applied?.outcome !== 'new' || applied.state !== 'done') continue;
    await createItems(tx, {
      ownerUserKey: receiver ?? buyer,
      sponsorUserKey: receiver ? buyer : null,
      itemSn,
      txnId: applied.txnId,
      price: item.price,
      validityDays: item.validityDays,
      cnt: p.cnt,
    });
  }
}
