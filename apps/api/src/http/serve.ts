import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { routes, type RouteBody, type RouteDef, type RouteName, type RouteParams, type RouteQuery, type RouteResultIn } from '@facturo/contract';
import { apiKeyRouteSchema } from './openapi-api-keys';

/** A request typed by its route entry's parsed params, query and body. */
export type RouteRequest<R extends RouteDef> = FastifyRequest & {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
};

/**
 * A handler returns the entry's response (the status comes from the entry) or, for file answers, the
 * reply it sent.
 */
export type RouteHandler<R extends RouteDef> = (req: RouteRequest<R>, reply: FastifyReply) => Promise<RouteResultIn<R> | FastifyReply> | RouteResultIn<R> | FastifyReply;

export interface ServeOptions {
  /** Extra Fastify route config (a per-route rate limit). */
  config?: Record<string, unknown>;
}

const CONSUMES = { multipart: ['multipart/form-data'], form: ['application/x-www-form-urlencoded'] } as const;

/**
 * Registers one route-table entry: method, path, schemas (validation, serialization and the OpenAPI
 * document) and access all come from the entry, so a route cannot be served with other shapes than the
 * table says. The entry's name is its OpenAPI operationId and its area the tag.
 */
export function serve<N extends RouteName>(app: FastifyInstance, name: N, handler: RouteHandler<(typeof routes)[N]>, options: ServeOptions = {}): void {
  const entry: RouteDef = routes[name];
  const status = entry.status ?? 200;
  const schema: NonNullable<RouteShorthandOptions['schema']> = {
    operationId: name,
    tags: [name.split('.')[0]!],
    ...(entry.summary ? { summary: entry.summary } : {}),
    // Issue 29 §4: the public API is the entries an API key reaches; the document says which they are.
    ...apiKeyRouteSchema(name),
    ...(entry.params ? { params: entry.params } : {}),
    ...(entry.query ? { querystring: entry.query } : {}),
    ...(entry.body ? { body: entry.body } : {}),
    ...(entry.consumes ? { consumes: [...CONSUMES[entry.consumes]] } : {}),
    ...(entry.response ? { response: { [status]: entry.response } } : {}),
    ...(entry.produces ? { produces: [entry.produces] } : {}),
  };
  app.route({
    method: entry.method,
    url: entry.path,
    schema,
    config: { ...entry.access, routeName: name, ...options.config },
    handler: async (req, reply) => {
      reply.code(status);
      return handler(req as RouteRequest<(typeof routes)[N]>, reply);
    },
  });
}

/** One registered API route, as the route-table test compares it with the table. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The table entry it was served from. */
  name: string;
}

/** Routes under /api that are not table entries: the OpenAPI document and its viewer (served by @fastify/swagger-ui). */
const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

/**
 * Records every route the app registers (call once on the root instance, before any route) and refuses,
 * at startup, an /api route registered without `serve`: the table is the only way to add one.
 */
export function trackRoutes(app: FastifyInstance): RegisteredRoute[] {
  const registered: RegisteredRoute[] = [];
  app.addHook('onRoute', (r) => {
    if (!(r.url === '/api' || r.url.startsWith('/api/')) || isDocs(r.url)) return;
    const name = (r.config as { routeName?: string } | undefined)?.routeName;
    if (!name) throw new Error(`${[r.method].flat().join(',')} ${r.url} no está en la tabla de rutas: declárala en packages/contract/src/routes y sírvela con serve()`);
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      registered.push({ method, url: r.url, name });
    }
  });
  return registered;
}
