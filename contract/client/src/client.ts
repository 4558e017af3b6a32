import { AS_OF_OPERATIONS } from './as-of-operations';
import type { paths } from './schema';

/**
 * A small fetch wrapper typed per path and method from the generated `paths` (in the manner of
 * openapi-fetch). It adds exactly two things to what the caller passes: the X-API-Key header and,
 * for operations whose contract declares an `as_of` query parameter, a default `as_of` when the
 * call gives neither `as_of` nor its alias `dos`. Everything else is plain fetch.
 */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

export interface ClientOptions {
  /** Base address of the service, e.g. http://localhost:8787 (no trailing path needed). */
  baseUrl: string;
  /** Sent as X-API-Key on every request when set. */
  apiKey?: string;
  /** Default date of service (YYYY-MM-DD) for operations that take `as_of`. */
  asOf?: string;
  /** A fetch implementation (tests, older runtimes); defaults to the global fetch. */
  fetch?: typeof fetch;
}

type Op<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][M]>;
/** The paths that declare method M. */
export type PathsWith<M extends HttpMethod> = {
  [P in keyof paths]: [Op<P, M>] extends [never] ? never : P;
}[keyof paths];

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type WithDefaultAsOf<Q, D extends boolean> = D extends true
  ? Q extends { as_of: infer A }
    ? Omit<Q, 'as_of'> & { as_of?: A }
    : Q
  : Q;
type ParamSlots<O> = O extends { parameters: infer X }
  ? Pick<X, 'query' & keyof X> & Pick<X, 'path' & keyof X>
  : object;
type Params<O, D extends boolean> = {
  [K in keyof ParamSlots<O>]: K extends 'query' ? WithDefaultAsOf<ParamSlots<O>[K], D> : ParamSlots<O>[K];
};
type BodyOf<O> = O extends { requestBody?: never }
  ? { body?: never }
  : O extends { requestBody: { content: { 'application/json': infer B } } }
    ? { body: B }
    : O extends { requestBody?: { content: { 'application/json': infer B } } }
      ? { body?: B }
      : { body?: never };
type ParamsInit<O, D extends boolean> = [RequiredKeys<Params<O, D>>] extends [never]
  ? { params?: Params<O, D> }
  : { params: Params<O, D> };
export type RequestInitFor<O, D extends boolean> = ParamsInit<O, D> &
  BodyOf<O> & { headers?: Record<string, string>; signal?: AbortSignal; redirect?: RequestRedirect };
type InitArgs<O, D extends boolean> = [RequiredKeys<RequestInitFor<O, D>>] extends [never]
  ? [init?: RequestInitFor<O, D>]
  : [init: RequestInitFor<O, D>];

type Success = 200 | 201 | 202 | 203 | 204 | 206 | 300 | 301 | 302 | 303 | 304 | 307 | 308;
type Responses<O> = O extends { responses: infer R } ? R : never;
type ContentOf<R> = R extends { content: infer C } ? C[keyof C] : undefined;
export type DataOf<O> = ContentOf<Responses<O>[keyof Responses<O> & Success]>;
export type ErrorOf<O> = ContentOf<Responses<O>[Exclude<keyof Responses<O>, Success>]>;

/** Either the parsed success body or the parsed problem, with the raw Response for headers. */
export type Result<O> =
  | { data: DataOf<O>; error?: undefined; response: Response }
  | { data?: undefined; error: ErrorOf<O>; response: Response };

type Call<M extends HttpMethod, D extends boolean> = <P extends PathsWith<M>>(
  path: P,
  ...init: InitArgs<Op<P, M>, D>
) => Promise<Result<Op<P, M>>>;

export interface Client<D extends boolean = false> {
  GET: Call<'get', D>;
  POST: Call<'post', D>;
  PUT: Call<'put', D>;
  DELETE: Call<'delete', D>;
  PATCH: Call<'patch', D>;
}

interface LooseInit {
  params?: { query?: Record<string, unknown>; path?: Record<string, unknown> };
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  redirect?: RequestRedirect;
}

/** Create a client; with `asOf` set, `as_of` becomes optional on the operations that take it. */
export function createClient(options: ClientOptions & { asOf: string }): Client<true>;
export function createClient(options: ClientOptions): Client<false>;
export function createClient(options: ClientOptions): Client<boolean> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const request = async (method: HttpMethod, path: string, init: LooseInit = {}) => {
    const pathParams = init.params?.path ?? {};
    const concrete = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = pathParams[name];
      if (value === undefined || value === null) throw new TypeError(`path parameter '${name}' is missing for ${path}`);
      return encodeURIComponent(String(value));
    });
    const url = new URL(base + concrete);
    const query = { ...(init.params?.query ?? {}) };
    const takesAsOf = AS_OF_OPERATIONS.includes(`${method.toUpperCase()} ${path}`);
    if (options.asOf && takesAsOf && query.as_of === undefined && query.dos === undefined) query.as_of = options.asOf;
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null) continue;
      for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(item));
    }
    const headers = new Headers(init.headers);
    if (options.apiKey) headers.set('X-API-Key', options.apiKey);
    let body: string | undefined;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await doFetch(url, {
      method: method.toUpperCase(),
      headers,
      body,
      signal: init.signal,
      redirect: init.redirect,
    });
    const parsed = await parseBody(response);
    return response.status < 400 ? { data: parsed, response } : { error: parsed, response };
  };
  const bind = (m: HttpMethod) => (path: string, init?: LooseInit) => request(m, path, init);
  return {
    GET: bind('get'),
    POST: bind('post'),
    PUT: bind('put'),
    DELETE: bind('delete'),
    PATCH: bind('patch'),
  } as Client<boolean>;
}

/** JSON (including application/problem+json) is parsed; other media types are returned as text. */
async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205 || response.headers.get('content-length') === '0') {
    return undefined;
  }
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (!/[/+]json\b/i.test(type)) return text;
  return text ? JSON.parse(text) : undefined;
}
