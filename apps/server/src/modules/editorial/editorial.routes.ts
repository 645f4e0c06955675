import { contentEndpoints, editorialEndpoints, SITE_FOOTER_FIELDS, siteEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList, sharedList } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import type { SharedAnswers } from '../../platform/shared-answers.js';
import { boardBannedWords } from '../community/index.js';
import { SITE_CHANGED, type SiteService, setSiteFooter, setSiteSwitch } from '../site/index.js';
import { requireUser } from '../users/users.session.js';
import { audit, EditorialService, type Viewer } from './editorial.service.js';

/** The magazine, the schedule, events and the site switches (docs/editorial.md). */
export const editorialRoutes: FastifyPluginAsyncZod<{ db: Db; bus: Bus; site: SiteService; answers: SharedAnswers }> = async (
  app,
  { db, bus, site, answers },
) => {
  const ed = new EditorialService(db, bus, site);
  const e = editorialEndpoints;
  const viewerOf = async (request: Parameters<typeof requireUser>[0]): Promise<Viewer | null> => {
    const user = await request.currentUser();
    return user ? { userKey: user.userKey, role: user.role } : null;
  };
  const operator = async (request: Parameters<typeof requireUser>[0]) => {
    const user = await requireUser(request);
    if (user.role !== 'operator') throw new AppError('FORBIDDEN');
    return user;
  };

  // The magazine (readers' calls follow the magazine switch; the home's list too).
  route(app, contentEndpoints.magazineList, async (request, { offset, limit }, reply) => {
    await ed.requireMagazine(await viewerOf(request));
    // The home's magazine section, the same for everybody: shared until an article changes (or a second,
    // for an article whose publication time comes).
    return sharedList(request, reply, answers, {
      key: `magazine_list|${offset}|${limit}`,
      tables: ['magazine'],
      load: () => ed.magazineList({ offset, limit }),
    });
  });
  route(app, e.magazineList, async (request, q) => {
    await ed.requireMagazine(await viewerOf(request));
    const { list, total } = await ed.magazineList(q);
    return ok(request, { magazine_list: list, magazine_total: total });
  });
  route(app, e.magazineInfo, async (request, { mi_sn }) => {
    const viewer = await viewerOf(request);
    await ed.requireMagazine(viewer);
    return ok(request, await ed.magazineInfo(viewer, mi_sn));
  });
  route(app, e.magazineProcess, async (request, { mi_sn }) => {
    const viewer = await viewerOf(request);
    await ed.requireMagazine(viewer);
    return ok(request, await ed.magazineProcess(viewer, mi_sn));
  });
  route(app, e.magazineProc, async (request, { mi_sn, like_yn }) => {
    const user = await requireUser(request);
    await ed.requireMagazine(user);
    return ok(request, await ed.magazineLike(user, mi_sn, like_yn === 'Y'));
  });
  route(app, e.magazineReport, async (request, body) => {
    const user = await requireUser(request);
    await ed.requireMagazine(user);
    return ok(request, await ed.magazineReport(user, body));
  });

  // The schedule.
  route(app, e.scheduleList, async (request, q) => {
    const { list, events } = await ed.scheduleList(await viewerOf(request), q);
    return ok(request, { data_list: list, data_totalcount: list.length, event_list: events, from: q.from, days: q.days });
  });
  route(app, e.scheduleDetail, async (request, q) => {
    const list = await ed.scheduleDay(await viewerOf(request), q);
    return okList(request, list, list.length);
  });
  route(app, e.scheduleEventMore, async (request, { offset, limit }) => {
    const { list, total } = await ed.scheduleEvents(offset, limit);
    return okList(request, list, total);
  });
  route(app, e.scheduleHtml, async (request, { id }) => {
    const viewer = await viewerOf(request);
    let bjKey: number;
    if (id) bjKey = await ed.bjKeyOf(id);
    else bjKey = (await requireUser(request)).userKey;
    const list = await ed.bjSchedule(viewer, bjKey);
    return ok(request, { schedule_list: list, total_count: list.length });
  });
  route(app, e.scheduleProc, async (request, body) => ok(request, await ed.scheduleProc(await requireUser(request), body)));

  // Events.
  route(app, e.eventMore, async (request, q) => {
    const { list, total } = await ed.eventMore(q);
    return okList(request, list, total);
  });
  route(app, e.eventContentInfo, async (request, q) => ok(request, await ed.eventInfo(await viewerOf(request), q)));
  route(app, e.eventReplyProc, async (request, body) =>
    ok(request, await ed.eventReply(await requireUser(request), body, await boardBannedWords(db))),
  );

  // The console.
  route(app, e.adminMagazineList, async (request, q) => {
    await operator(request);
    const { list, total } = await ed.adminMagazines(q);
    return okList(request, list, total);
  });
  route(app, e.adminMagazineSave, async (request, body) => ok(request, await ed.saveMagazine(await operator(request), body)));
  route(app, e.adminEventList, async (request, { offset, limit }) => {
    await operator(request);
    const { list, total } = await ed.adminEvents(offset, limit);
    return okList(request, list, total);
  });
  route(app, e.adminEventSave, async (request, body) => ok(request, await ed.saveEvent(await operator(request), body)));
  route(app, e.adminSiteSwitch, async (request, { name, value }) => {
    const actor = await operator(request);
    const after = await db.transaction(async (tx) => {
      const changed = await setSiteSwitch(tx, name, value);
      await audit(
        tx,
        'site_switch',
        actor.userKey,
        'site',
        1,
        { [`${name}_yn`]: changed.before[`${name}_yn`] ?? null },
        { [`${name}_yn`]: value },
      );
      return changed.after;
    });
    // This process's cache first, so the operator's next call already sees the switch; the others over the bus.
    site.invalidate();
    await bus.publish(SITE_CHANGED, {});
    request.log.info({ actor: actor.userKey, name, value }, 'site switch changed');
    return ok(request, { name, value, site_setting: after as Record<string, string> });
  });
  // The footer's company data (SPEC §3), edited beside the switches on /admin/site (issue 15).
  route(app, siteEndpoints.adminFooter, async (request, footer) => {
    const actor = await operator(request);
    const after = await db.transaction(async (tx) => {
      const changed = await setSiteFooter(tx, footer);
      // Only what changed is audited, before and after.
      const moved = SITE_FOOTER_FIELDS.filter((f) => (changed.before[f] ?? '') !== changed.after[f]);
      if (moved.length > 0) {
        await audit(
          tx,
          'site_footer',
          actor.userKey,
          'site',
          1,
          Object.fromEntries(moved.map((f) => [f, changed.before[f] ?? ''])),
          Object.fromEntries(moved.map((f) => [f, changed.after[f]])),
        );
      }
      return changed.after;
    });
    site.invalidate();
    await bus.publish(SITE_CHANGED, {});
    request.log.info({ actor: actor.userKey }, 'site footer saved');
    return ok(request, { site_footer: after });
  });
};
