import { StreamInfoQuerySchema, StreamKeyRegenerateSchema, StreamSettingSchema } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/api.js';
import { guideInfo, regenerateKey, type StreamDeps, streamInfo, updateStreamSettings } from './stream.service.js';

/** The broadcaster's side of live video: stream key, stream settings and the guides' RTMP address. */
export const streamRoutes: FastifyPluginAsyncZod<StreamDeps> = async (app, deps) => {
  app.get(
    '/mypage/stream_info',
    {
      schema: {
        tags: ['live'],
        summary: 'BJ accounts: RTMP URL, stream key (reveal=Y), settings, live state',
        querystring: StreamInfoQuerySchema,
      },
    },
    async (request, reply) => {
      // The key is a secret: never kept by a cache on the way.
      reply.header('cache-control', 'no-store');
      return ok(request, await streamInfo(deps, request, request.query.reveal === 'Y'));
    },
  );

  app.post(
    '/mypage/stream_key_regenerate_proc',
    { schema: { tags: ['live'], summary: 'BJ accounts: a new stream key; the old one stops at once', body: StreamKeyRegenerateSchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(request, await regenerateKey(deps, request, request.body.reveal === 'Y'));
    },
  );

  app.post(
    '/mypage/update_stream_settinge_proc',
    {
      schema: {
        tags: ['live'],
        summary: 'BJ accounts: title, tags, quality levels, adult, recording, login-required',
        body: StreamSettingSchema,
      },
      // The access check comes first; the service then answers each field's own code.
      attachValidation: true,
    },
    async (request) => ok(request, await updateStreamSettings(deps, request, request.body, request.validationError)),
  );

  app.get('/pubapi/stream_guide_info', { schema: { tags: ['live'], summary: 'The RTMP URL the set-up guides show' } }, async (request) =>
    ok(request, guideInfo(deps)),
  );
};
