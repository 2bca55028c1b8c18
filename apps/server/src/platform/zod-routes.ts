import type { ErrorCode } from '@robot-ads/contracts/common/errors';
import type {
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The instance a `FastifyPluginAsyncZod` is given. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * One route: its OpenAPI summary, request schemas (each optional), the 200 response schema (the contract's
 * envelope) and its access `config` (roles etc., as `config` of a plain route).
 */
export interface RouteSpec<R extends z.ZodType = z.ZodType> {
  summary: string;
  querystring?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  response: R;
  config?: FastifyContextConfig;
  /** The content types the body may come in, for the OpenAPI document (e.g. a file or JSON). */
  consumes?: string[];
  /** OpenAPI tags beside the group's (e.g. 'open': the route is offered to partners of the open platform). */
  tags?: string[];
  /**
   * The error codes the route answers beyond those its access and shape imply (validation, token, role,
   * not found: platform/openapi/document.ts adds those): listed in the OpenAPI document's error answers.
   */
  errors?: readonly ErrorCode[];
  /** Other options of the route, as Fastify takes them (bodyLimit, logLevel, onRequest/preParsing hooks...). */
  options?: Omit<RouteShorthandOptions, 'schema' | 'config'>;
}

/** The request a route's handler gets: `query`, `params` and `body` typed by the spec's schemas. */
export type RouteRequest<S extends RouteSpec> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S & FastifySchema,
  ZodTypeProvider
>;

/** A route's handler: the typed request and the reply (for headers and cookies); returns what the envelope holds. */
type RouteHandler<S extends RouteSpec, T> = (request: RouteRequest<S>, reply: FastifyReply) => Promise<T>;

/** What goes in `{ success: true, data }`: the `data` of the response envelope. */
type DataOf<R extends z.ZodType> = z.output<R> extends { data: infer D } ? D : never;
/** What goes in `{ success: true, total, datas }`: the page envelope without `success`. */
type PageOf<R extends z.ZodType> = Omit<z.output<R>, 'success'>;

/**
 * Registers routes that share OpenAPI tags and answer in the success envelope, so a module's routes file
 * holds only what differs per route. `get/post/put/delete` wrap the handler's result as
 * `{ success: true, data }`; `page` (a GET) and `postPage` spread a `{ total, datas }`
 * result into `{ success: true, total, datas }`. The schema handed to Fastify is the one written by hand before:
 * `{ tags, summary, querystring/params/body, response: { 200: response } }`.
 */
export function zodRoutes(app: ZodApp, tags: string[]) {
  function register<S extends RouteSpec>(
    method: HTTPMethods,
    url: string,
    spec: S,
    handler: RouteHandler<S, unknown>,
    envelope: (result: unknown) => unknown,
  ) {
    const { summary, config, response, options, tags: extra, errors, ...request } = spec;
    const schema: FastifySchema = {
      tags: extra ? [...tags, ...extra] : tags,
      summary,
      ...request,
      response: { 200: response },
      ...(errors ? { 'x-errors': errors } : {}),
    };
    app.route({
      method,
      url,
      schema,
      ...options,
      ...(config ? { config } : {}),
      // The spec's types were checked at the call (request schemas in, response envelope out).
      handler: async (req, reply) => envelope(await handler(req as unknown as RouteRequest<S>, reply)),
    });
  }
  const ok = (data: unknown) => ({ success: true as const, data });
  const page = (result: unknown) => ({ success: true as const, ...(result as object) });

  const okRoute =
    (method: HTTPMethods) =>
    <S extends RouteSpec>(url: string, spec: S, handler: RouteHandler<S, DataOf<S['response']>>) =>
      register(method, url, spec, handler, ok);

  return {
    get: okRoute('GET'),
    post: okRoute('POST'),
    put: okRoute('PUT'),
    delete: okRoute('DELETE'),
    /** A GET answering a page: the handler returns `{ total, datas }`. */
    page: <S extends RouteSpec>(url: string, spec: S, handler: RouteHandler<S, PageOf<S['response']>>) =>
      register('GET', url, spec, handler, page),
    /** A POST answering a page (the spec's verb for some lists): its filters in the JSON body. */
    postPage: <S extends RouteSpec>(url: string, spec: S, handler: RouteHandler<S, PageOf<S['response']>>) =>
      register('POST', url, spec, handler, page),
  };
}
