import createFetchClient, {
  type ClientPathsWithMethod,
  type Client as FetchClient,
  type ClientOptions as FetchClientOptions,
  type FetchResponse,
  type Middleware,
} from 'openapi-fetch';
import { AS_OF_OPERATIONS } from './as-of-operations';
import type { paths } from './schema';

/**
 * The client is openapi-fetch over the generated `paths`, with one middleware (`apiKeyAndAsOf`)
 * that adds the X-API-Key header and the default `as_of`. Everything else (URL, path and query
 * serialization, JSON bodies, the `{ data, response }` / `{ error, response }` outcomes) is openapi-fetch's.
 */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

export interface ClientOptions extends Omit<FetchClientOptions, 'baseUrl'> {
  /** Base address of the service, e.g. http://localhost:8787 (no trailing path needed). */
  baseUrl: string;
  /** Sent as X-API-Key on every request when set. */
  apiKey?: string;
  /** Default date of service (YYYY-MM-DD) for operations that take `as_of`. */
  asOf?: string;
}

type Media = `${string}/${string}`;
/** An operation whose query requires `as_of` takes it optionally: the client supplies the default. */
type AsOfDefaulted<O> = O extends { parameters: { query: infer Q } }
  ? Q extends { as_of: unknown }
    ? Omit<O, 'parameters'> & {
        parameters: Omit<O['parameters'], 'query'> & { query: Omit<Q, 'as_of'> & { as_of?: Q['as_of'] } };
      }
    : O
  : O;
/** `paths` as a client with a default `as_of` sees them. */
export type DefaultedPaths = { [P in keyof paths]: { [M in keyof paths[P]]: AsOfDefaulted<paths[P][M]> } };

/** An openapi-fetch client of the contract; `Client<true>` has a default `as_of`. */
export type Client<D extends boolean = false> = FetchClient<D extends true ? DefaultedPaths : paths, Media>;
/** The paths that declare method M. */
export type PathsWith<M extends HttpMethod> = ClientPathsWithMethod<Client, M>;
/** What a call of operation O resolves to: `{ data, response }` on 2xx/3xx, else `{ error, response }`. */
export type Result<O extends Record<string, unknown>> = FetchResponse<O, object, Media>;
export type DataOf<O extends Record<string, unknown>> = Extract<Result<O>, { error?: never }>['data'];
export type ErrorOf<O extends Record<string, unknown>> = Extract<Result<O>, { data?: never }>['error'];

/**
 * The client's one middleware. Every request gets X-API-Key (when a key is set); a request to an
 * operation whose contract declares an `as_of` query parameter (AS_OF_OPERATIONS, generated) gets
 * `as_of=<asOf>` when its URL carries neither `as_of` nor its alias `dos`, so an explicit date of
 * either name always wins.
 */
export function apiKeyAndAsOf(apiKey: string | undefined, asOf: string | undefined): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (apiKey) request.headers.set('X-API-Key', apiKey);
      if (!asOf || !AS_OF_OPERATIONS.includes(`${request.method} ${schemaPath}`)) return request;
      const url = new URL(request.url);
      if (url.searchParams.has('as_of') || url.searchParams.has('dos')) return request;
      url.searchParams.set('as_of', asOf);
      return new Request(url, request);
    },
  };
}

const JSON_MEDIA = /[/+]json\b/i;

type Outcome = { data?: unknown; error?: unknown; response: Response };
type Call = (method: string, url: string, init?: { parseAs?: string }) => Promise<Outcome>;

/** Create a client; with `asOf` set, `as_of` becomes optional on the operations that take it. */
export function createClient(options: ClientOptions & { asOf: string }): Client<true>;
export function createClient(options: ClientOptions): Client<false>;
export function createClient(options: ClientOptions): Client<boolean> {
  const { apiKey, asOf, ...fetchOptions } = options;
  const base = createFetchClient<paths, Media>(fetchOptions);
  base.use(apiKeyAndAsOf(apiKey, asOf));
  const request = base.request as unknown as Call;
  // Two readings differ from openapi-fetch's defaults, to keep the client's documented behaviour.
  // openapi-fetch reads a 2xx body one way per call (`parseAs`, JSON by default), but some
  // operations answer markdown, HTML or text (or JSON by Accept or `format`): unless the call says
  // how, the body is read as text and parsed when its media type is JSON. And a 3xx (seen only with
  // `redirect: 'manual'`) is not a problem: it resolves to `data`, not `error`.
  const read: Call = async (method, url, init) => {
    const byMediaType = !init?.parseAs;
    const outcome = await request(method, url, byMediaType ? { ...init, parseAs: 'text' } : init);
    const { response } = outcome;
    if (response.status >= 300 && response.status < 400) return { data: outcome.data ?? outcome.error, response };
    if (
      byMediaType &&
      typeof outcome.data === 'string' &&
      JSON_MEDIA.test(response.headers.get('content-type') ?? '')
    ) {
      outcome.data = outcome.data ? JSON.parse(outcome.data) : undefined;
    }
    return outcome;
  };
  const on = (method: string) => (url: string, init?: { parseAs?: string }) => read(method, url, init);
  return {
    ...base,
    request: read,
    GET: on('GET'),
    PUT: on('PUT'),
    POST: on('POST'),
    DELETE: on('DELETE'),
    OPTIONS: on('OPTIONS'),
    HEAD: on('HEAD'),
    PATCH: on('PATCH'),
    TRACE: on('TRACE'),
  } as unknown as Client<boolean>;
}
