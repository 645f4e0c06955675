import { ChatEvent, profileEndpoints, type RoomUserListParam } from '@byeol/contract';
import { expect, it } from 'vitest';
import { type Account, buildBj, buildViewer, liveRoom } from '../../testing/builders.js';
import { chatTestApp } from '../../testing/chat-app.js';
import { type ChatClient, type Frame, isOutside } from '../../testing/chat-client.js';

/**
 * A BJ who keeps the viewer count private (/mypage/setting viewer_count_yn 'N', issue 24) keeps it private
 * in their chat too: the room's member count (the join answer, presence pushes, the user list) reaches
 * the BJ and the moderators only; viewers get 0 and no count. Switched back on, the count comes back to
 * everyone at once, without a rejoin. Real server (api + chat), PostgreSQL and WebSocket clients.
 */
const chat = chatTestApp();
const joined = (vk: string, who: Account) => chat.joined(vk, who);

const viewerCount = (who: Account, yn: 'Y' | 'N') => chat.t.call(profileEndpoints.setting, { viewer_count_yn: yn }, { cookie: who.cookie });
const joinOf = (userKey: number) => (f: Frame) => f.service === 'USER_JOIN' && f.param?.user?.user_key === userKey;
const total = async (c: ChatClient) => (await c.request<RoomUserListParam>('ROOM_USER_LIST')).user_total_count;

it("keeps the member count to the BJ's side while the BJ hides the viewer count, and gives it back when shown", async () => {
  const bj = await buildBj(chat.t);
  const [fan, late] = [await buildViewer(chat.t), await buildViewer(chat.t)];
  expect((await viewerCount(bj, 'N')).body.rslt_set).toMatchObject({ viewer_count_yn: 'N' });
  const vk = await liveRoom(chat.t, bj.userKey);

  const host = await joined(vk, bj);
  expect(host.answer.room?.count_hidden).toBe(1);
  expect(host.answer.user_total_count).toBe(1);
  const viewer = await joined(vk, fan);
  expect(viewer.answer.room?.count_hidden).toBe(1);
  expect(viewer.answer.user_total_count).toBe(0);

  // A third member comes in: the BJ's presence push counts 3, the viewer's names the member without a count.
  const [hostMark, viewerMark] = [host.c.mark(), viewer.c.mark()];
  await joined(vk, late);
  const seenByHost = await host.c.waitFor(joinOf(late.userKey), { from: hostMark });
  const seenByViewer = await viewer.c.waitFor(joinOf(late.userKey), { from: viewerMark });
  expect(seenByHost.param.user_total_count).toBe(3);
  expect(seenByViewer.param.user).toMatchObject({ user_key: late.userKey });
  expect('user_total_count' in seenByViewer.param).toBe(false);
  expect(viewer.c.since(viewerMark).some((f) => typeof f.param?.user_total_count === 'number' && f.param.user_total_count > 0)).toBe(false);
  expect(await total(host.c)).toBe(3);
  expect(await total(viewer.c)).toBe(0);

  // Shown again: every socket learns it (240) and gets the count, no rejoin.
  const back = viewer.c.mark();
  expect((await viewerCount(bj, 'Y')).body.rslt_set).toMatchObject({ viewer_count_yn: 'Y' });
  const update = await viewer.c.waitFor(isOutside(ChatEvent.VOD_INFO_UPDATE), { from: back });
  expect(update.param.data).toMatchObject({ count_hidden: 0 });
  const count = await viewer.c.waitFor((f) => f.service === 'USER_JOIN' && f.param?.user_total_count === 3, { from: back });
  expect(count.param.user_total_count).toBe(3);
  expect(await total(viewer.c)).toBe(3);

  // Hidden again while the sockets sit there: the viewer is told, and its list answers 0 again.
  const again = viewer.c.mark();
  await viewerCount(bj, 'N');
  expect((await viewer.c.waitFor(isOutside(ChatEvent.VOD_INFO_UPDATE), { from: again })).param.data).toMatchObject({ count_hidden: 1 });
  expect(await total(viewer.c)).toBe(0);
  expect(await total(host.c)).toBe(3);
});
