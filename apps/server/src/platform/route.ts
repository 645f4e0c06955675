import type { Endpoint, EndpointAnswer, EndpointRequest, Envelope } from '@byeol/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Registers a catalogued call (packages/contract `endpoint(…)`): method, path, tags, summary and the
 * request schema (the body of POST/PUT/DELETE, the query of GET) come from the one declaration, so the
 * OpenAPI, the web's `call()` and the tests agree. The handler gets the validated input beside the request
 * and answers the envelope of the declared answer type, or sends it itself and returns the reply (an answer
 * serialised ahead, as the live list and the site info are).
 *
 * `attachValidation`: a refused input still reaches the handler, with `request.validationError`, for a
 * call that checks the caller's access before it answers a field's own code (the stream settings).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  ep: E,
  handler: (request: FastifyRequest, input: EndpointRequest<E>, reply: FastifyReply) => Promise<Envelope<EndpointAnswer<E>> | FastifyReply>,
  options: { attachValidation?: boolean } = {},
): void {
  const get = ep.method === 'GET';
  const inPath = ep.params ?? [];
  app.route({
    method: ep.method,
    url: ep.path,
    schema: { tags: [...ep.tags], summary: ep.summary, ...(get ? { querystring: ep.request } : { body: ep.request }) },
    ...(options.attachValidation ? { attachValidation: true } : {}),
    // Path fields join the query or body before validation, so the one request schema checks them and a
    // bad value answers the envelope like any other field.
    ...(inPath.length > 0
      ? {
          preValidation: async (request: FastifyRequest) => {
            const fromPath = request.params as Record<string, string>;
            const sent = (get ? request.query : request.body) as Record<string, unknown> | undefined;
            const merged = {
              ...(sent && typeof sent === 'object' ? sent : {}),
              ...Object.fromEntries(inPath.map((k) => [k, fromPath[k]])),
            };
            if (get) request.query = merged;
            else request.body = merged;
          },
        }
      : {}),
    handler: (request, reply) => handler(request, (get ? request.query : request.body) as EndpointRequest<E>, reply),
  });
}
