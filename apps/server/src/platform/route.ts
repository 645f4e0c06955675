import type { Endpoint, EndpointAnswer, EndpointRequest, Envelope } from '@byeol/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Registers a catalogued call (packages/contract `endpoint(…)`): method, path, tags, summary and the
 * request schema (the body of POST/PUT/DELETE, the query of GET) come from the one declaration, so the
 * OpenAPI, the web's `call()` and the tests agree. The handler gets the validated input beside the request
 * and answers the envelope of the declared answer type.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  ep: E,
  handler: (request: FastifyRequest, input: EndpointRequest<E>, reply: FastifyReply) => Promise<Envelope<EndpointAnswer<E>>>,
): void {
  const get = ep.method === 'GET';
  app.route({
    method: ep.method,
    url: ep.path,
    schema: { tags: [...ep.tags], summary: ep.summary, ...(get ? { querystring: ep.request } : { body: ep.request }) },
    handler: (request, reply) => handler(request, (get ? request.query : request.body) as EndpointRequest<E>, reply),
  });
}
