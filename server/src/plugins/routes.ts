import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** An onRequest hook that admits or refuses the caller, as `app.requireStaff(roles)` makes them. */
type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** What every route of a group shares. */
export interface RouteGroup<Errors> {
  /** The OpenAPI tags. */
  tags: string[];
  /** Who may call; no guard makes the routes public. */
  onRequest?: Guard;
  /** The error responses each route documents: `errorResponses(401, 403, 404)`. */
  errors?: Errors;
}

/** What one route says besides its path and handler; `tags`, `onRequest` and `errors` replace the group's. */
export interface RouteSpec<
  Params,
  Query,
  Body,
  Headers,
  Response,
  Status extends number,
  Errors,
> extends Partial<RouteGroup<Errors>> {
  summary: string;
  description?: string;
  params?: Params;
  querystring?: Query;
  body?: Body;
  headers?: Headers;
  /** The status of success, 200 unless said; the handler still sends it (`reply.status(201)`). */
  status?: Status;
  /** The schema of the success answer; none for a stream (see `produces`). */
  response?: Response;
  config?: FastifyContextConfig;
  bodyLimit?: number;
  consumes?: string[];
  produces?: string[];
  hide?: boolean;
}

/** The schema Fastify sees, in types, so that request and reply are typed as if written out. */
type SchemaOf<Params, Query, Body, Headers, Response, Status extends number, Errors> = {
  params: Params;
  querystring: Query;
  body: Body;
  headers: Headers;
  response: Response extends undefined ? Errors : { [S in Status]: Response } & Errors;
};

type Handler<Schema extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  Schema,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** Declares a route of the group; absent parts stay `undefined`, which Fastify types as `unknown`. */
type RouteMethod<GroupErrors> = <
  Params = undefined,
  Query = undefined,
  Body = undefined,
  Headers = undefined,
  Response = undefined,
  Status extends number = 200,
  Errors = GroupErrors,
>(
  url: string,
  spec: RouteSpec<Params, Query, Body, Headers, Response, Status, Errors>,
  handler: Handler<SchemaOf<Params, Query, Body, Headers, Response, Status, Errors>>,
) => void;

export interface Routes<GroupErrors> {
  get: RouteMethod<GroupErrors>;
  post: RouteMethod<GroupErrors>;
  put: RouteMethod<GroupErrors>;
  patch: RouteMethod<GroupErrors>;
  delete: RouteMethod<GroupErrors>;
}

/** The object without its undefined properties, so that Fastify and Swagger see only what was said. */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/**
 * A module's routes with their common parts said once: the tags, the guard and the error responses.
 *
 * ```ts
 * const desk = routesOf(app, { tags: ['ward'], onRequest: wardStaff, errors: errorResponses(401, 403) });
 * desk.get('/api/ward/admissions', { summary, querystring, response: listSchema }, (request) => …);
 * desk.post('/api/ward/admissions', { summary, body, status: 201, response: itemSchema, config }, handler);
 * ```
 *
 * Each route becomes the `app.route` it would be written out: `schema.response` is the success status's
 * schema followed by the errors, and request.params/query/body/headers and the reply keep their types.
 */
export function routesOf<GroupErrors = Record<never, never>>(
  app: App,
  group: RouteGroup<GroupErrors>,
): Routes<GroupErrors> {
  // One body serves every route, whatever its schemas: the cast gives each call its own typed signature.
  const declare = (method: HTTPMethods) =>
    ((
      url: string,
      spec: RouteSpec<unknown, unknown, unknown, unknown, unknown, number, object>,
      handler: Handler<FastifySchema>,
    ) => {
      const { tags = group.tags, onRequest = group.onRequest, errors = group.errors } = spec;
      const { summary, description, consumes, produces, hide, params, querystring, body, headers } = spec;
      const { status = 200, response, config, bodyLimit } = spec;
      const responses = response === undefined ? errors : { [status]: response, ...errors };
      app.route(
        defined({
          method,
          url,
          onRequest,
          config,
          bodyLimit,
          schema: defined({
            tags,
            summary,
            description,
            consumes,
            produces,
            hide,
            headers,
            params,
            querystring,
            body,
            response: responses,
          }),
          handler,
        }),
      );
    }) as RouteMethod<GroupErrors>;
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}
