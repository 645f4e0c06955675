import { channelsEndpoints, LIVE_BUS_CHANNEL, type LiveBusMessage, MYPAGE_FRAGMENT_SIZE } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { route } from '../../platform/route.js';
import { requireSwitchOn, type SiteService } from '../site/index.js';
import { requireUser } from '../users/users.session.js';
import { ChannelsService, type Viewer } from './channels.service.js';

/** Channels and the social graph (docs/channels.md): thin handlers over ChannelsService. */
export const channelsRoutes: FastifyPluginAsyncZod<{ db: Db; bus: Bus; uploadsDir: string; site: SiteService }> = async (
  app,
  { db, bus, uploadsDir, site },
) => {
  const channels = new ChannelsService(db, bus, uploadsDir);
  // A broadcast going live, ending or changing shows on its channel at once, whatever the head's age.
  let unsubscribe: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = await bus.subscribe(LIVE_BUS_CHANNEL, (m) => {
      const bj = (m as Partial<LiveBusMessage> | null)?.bj_user_key;
      if (typeof bj === 'number') channels.forget(bj);
    });
  });
  app.addHook('onClose', async () => unsubscribe?.());

  const viewerOf = async (request: Parameters<typeof requireUser>[0]): Promise<Viewer | null> => {
    const user = await request.currentUser();
    return user ? { userKey: user.userKey, role: user.role } : null;
  };

  route(app, channelsEndpoints.info, async (request, { id }) => ok(request, await channels.info(await viewerOf(request), id)));

  route(app, channelsEndpoints.fans, async (request, { id, kind, offset, limit }) => {
    const { list, total } = await channels.fans(await viewerOf(request), id, kind, offset, limit);
    return okList(request, list, total);
  });

  route(app, channelsEndpoints.comments, async (request, { id, offset, limit }) => {
    const { list, total } = await channels.comments(await viewerOf(request), id, offset, limit);
    return okList(request, list, total, { total_count: total });
  });

  route(app, channelsEndpoints.commentProc, async (request, body) => {
    const user = await requireUser(request);
    const sn =
      body.mode === 'insert'
        ? await channels.writeComment(user, body.id, body.content)
        : await channels.deleteComment(user, body.comment_sn);
    return ok(request, { comment_sn: sn });
  });

  route(app, channelsEndpoints.subscribeProc, async (request, { id, subscribe_yn }) =>
    ok(request, await channels.subscribe(await requireUser(request), id, subscribe_yn === 'Y')),
  );

  route(app, channelsEndpoints.subscribeMore, async (request, { offset, limit }) => {
    const { list, total } = await channels.subscriptions(await requireUser(request), offset, limit);
    return okList(request, list, total);
  });

  route(app, channelsEndpoints.fanclubMore, async (request, { offset, limit }) => {
    const { list, total } = await channels.myFanClubs(await requireUser(request), offset, limit);
    return okList(request, list, total);
  });

  route(app, channelsEndpoints.blockingMore, async (request, { offset, limit }) => {
    const { list, total } = await channels.blocks(await requireUser(request), offset, limit);
    return okList(request, list, total);
  });

  route(app, channelsEndpoints.blockingProc, async (request, { id, block_yn }) =>
    ok(request, await channels.block(await requireUser(request), id, block_yn === 'Y')),
  );

  route(app, channelsEndpoints.messageMore, async (request, { box, offset, limit }) => {
    const { list, total, unread } = await channels.messages(await requireUser(request), box, offset, limit);
    return okList(request, list, total, { total_count: total, unread_cnt: unread });
  });

  route(app, channelsEndpoints.messageSend, async (request, { to_id, content }) =>
    ok(request, { message_sn: await channels.send(await requireUser(request), to_id, content) }),
  );

  route(app, channelsEndpoints.messageRead, async (request, { message_sn }) =>
    ok(request, await channels.read(await requireUser(request), message_sn)),
  );

  route(app, channelsEndpoints.messageDelete, async (request, { box, message_sn }) =>
    ok(request, await channels.deleteMessage(await requireUser(request), box, message_sn)),
  );

  route(app, channelsEndpoints.feed, async (request, { id, offset, limit }) => {
    const { list, total } = await channels.feed(await viewerOf(request), id, offset, limit);
    return okList(request, list, total, { total_count: total });
  });

  route(app, channelsEndpoints.feedProc, async (request, body) => {
    const user = await requireUser(request);
    const sn =
      body.mode === 'insert'
        ? await channels.writeFeed({ userKey: user.userKey, role: user.role, isBj: user.role === 'bj' }, body.content)
        : await channels.deleteFeed(user, body.feed_sn);
    return ok(request, { feed_sn: sn });
  });

  route(app, channelsEndpoints.profileSave, async (request, body) => {
    const user = await requireUser(request);
    return ok(request, await channels.saveProfile({ userKey: user.userKey, role: user.role, isBj: user.role === 'bj' }, body));
  });

  route(app, channelsEndpoints.programReplays, async (request, { id, offset, limit }) => {
    await requireSwitchOn(site, 'program', (await request.currentUser())?.role);
    const { list, total } = await channels.programReplays(id, offset, limit);
    return okList(request, list, total, { total_count: total });
  });

  route(app, channelsEndpoints.programComments, async (request, { id, offset, limit }) => {
    await requireSwitchOn(site, 'program', (await request.currentUser())?.role);
    const { list, total } = await channels.programComments(await viewerOf(request), id, offset, limit);
    return okList(request, list, total, { total_count: total });
  });

  route(app, channelsEndpoints.bookmarkMore, async (request, { offset, limit }) => {
    const { list, total } = await channels.bookmarks(await requireUser(request), offset, limit);
    return okList(request, list, total);
  });

  route(app, channelsEndpoints.bookmarkProc, async (request, { vod_key, bookmark_yn }) =>
    ok(request, await channels.bookmark(await requireUser(request), vod_key, bookmark_yn === 'Y')),
  );

  route(app, channelsEndpoints.subscribeBjHtml, async (request) => {
    const { list, total } = await channels.subscriptions(await requireUser(request), 0, MYPAGE_FRAGMENT_SIZE);
    return ok(request, { bj_list: list, total_count: total });
  });

  route(app, channelsEndpoints.subscribeVodHtml, async (request) =>
    ok(request, await channels.followedReplays(await requireUser(request))),
  );

  route(app, channelsEndpoints.recentVodHtml, async (request) => ok(request, await channels.recentViews(await requireUser(request))));

  route(app, channelsEndpoints.commentHtml, async (request) => ok(request, await channels.myComments(await requireUser(request))));

  route(app, channelsEndpoints.giftboxHtml, async (request) => {
    const user = await requireUser(request);
    return ok(request, await channels.giftbox({ userKey: user.userKey, role: user.role, isBj: user.role === 'bj' }));
  });

  route(app, channelsEndpoints.imageProc, async (request, { kind, temp_file_sn }) => {
    const user = await requireUser(request);
    return ok(request, await channels.setImage({ userKey: user.userKey, role: user.role, isBj: user.role === 'bj' }, kind, temp_file_sn));
  });

  route(app, channelsEndpoints.bookmarkInfo, async (request, { vod_key }) =>
    ok(request, await channels.bookmarked(await requireUser(request), vod_key)),
  );

  route(app, channelsEndpoints.messageUnread, async (request) => ok(request, await channels.unread(await requireUser(request))));

  route(app, channelsEndpoints.namecard, async (request, { user_key }) =>
    ok(request, await channels.namecard(await viewerOf(request), user_key)),
  );

  route(app, channelsEndpoints.namecardBroadcast, async (request, { user_key, vod_key }) =>
    ok(request, await channels.namecard(await viewerOf(request), user_key, vod_key)),
  );
};
