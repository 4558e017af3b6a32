/**
 * The one error hierarchy. Services throw these; `renderProblem` (problem.ts) is the only place
 * that turns them into RFC 9457 application/problem+json bodies.
 */
export interface ParamIssue {
  /** Where the offending value was: e.g. ['query', 'limit'] or ['body', 'items', 3, 'npi']. */
  loc: (string | number)[];
  msg: string;
  type: string;
}

export abstract class AppError extends Error {
  abstract readonly status: number;
  /** Short slug naming the problem type; becomes the last segment of the `type` URI. */
  abstract readonly code: string;
  abstract readonly title: string;
  /** Extra members merged into the problem body (RFC 9457 §3.2 extension members). */
  readonly extensions: Record<string, unknown>;
  /** Extra response headers (e.g. Retry-After). */
  readonly headers: Record<string, string>;

  constructor(detail: string, extensions: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(detail);
    this.name = new.target.name;
    this.extensions = extensions;
    this.headers = headers;
  }
}

export class BadRequestError extends AppError {
  readonly status = 400;
  readonly code: string = 'bad-request';
  readonly title: string = 'Bad request';
}

/** One or more request parameters failed validation; `errors` lists each one. */
export class ValidationError extends BadRequestError {
  override readonly code = 'invalid-parameters';
  override readonly title = 'Invalid request parameters';
  constructor(readonly issues: ParamIssue[]) {
    super(describeIssues(issues), { errors: issues });
  }
  static single(location: string, name: string, msg: string, type = 'invalid'): ValidationError {
    return new ValidationError([{ loc: [location, name], msg, type }]);
  }
}

export class UnauthorizedError extends AppError {
  readonly status = 401;
  readonly code = 'unauthorized';
  readonly title = 'API key missing or not valid';
}

export class ForbiddenError extends AppError {
  readonly status = 403;
  readonly code: string = 'forbidden';
  readonly title: string = 'Not entitled';
}

/** A browser Origin (or, on a local server, a Host) the agent-tool surface does not serve: DNS rebinding. */
export class OriginNotAllowedError extends ForbiddenError {
  override readonly code = 'origin-not-allowed';
  override readonly title = 'Origin not allowed';
}

export class NotFoundError extends AppError {
  readonly status = 404;
  readonly code = 'not-found';
  readonly title = 'Not found';
}

/** The path exists but not for this method; `Allow` lists the ones it takes. */
export class MethodNotAllowedError extends AppError {
  readonly status = 405;
  readonly code = 'method-not-allowed';
  readonly title = 'Method not allowed';
  constructor(detail: string, allow: readonly string[]) {
    super(detail, { allow }, { Allow: allow.join(', ') });
  }
}

export class ConflictError extends AppError {
  readonly status = 409;
  readonly code = 'conflict';
  readonly title = 'Conflict';
}

export class PayloadTooLargeError extends AppError {
  readonly status = 413;
  readonly code = 'payload-too-large';
  readonly title = 'Payload too large';
}

export class UnsupportedMediaTypeError extends AppError {
  readonly status = 415;
  readonly code = 'unsupported-media-type';
  readonly title = 'Unsupported media type';
}

export class TooManyRequestsError extends AppError {
  readonly status = 429;
  readonly code = 'quota-exceeded';
  readonly title = 'Daily request allowance used up';
}

/** Content exists but its license forbids serving it (RFC 7725). */
export class LicenseRestrictedError extends AppError {
  readonly status = 451;
  readonly code = 'license-restricted';
  readonly title = 'Withheld under a third-party license';
}

export class NotImplementedError extends AppError {
  readonly status = 501;
  readonly code = 'not-implemented';
  readonly title = 'Not implemented yet';
}

export class ServiceUnavailableError extends AppError {
  readonly status = 503;
  readonly code: string = 'service-unavailable';
  readonly title: string = 'Service unavailable';
}

/**
 * A catalog read whose source has no loaded version in force on the date (CATALOG.md, Errors): the
 * problem names the source(s) and the gaps, never an empty 200.
 */
export class SourceNotLoadedError extends ServiceUnavailableError {
  override readonly code = 'source-not-loaded';
  override readonly title = 'Source not loaded';
}

/** A storage dependency (DynamoDB, S3) could not be reached; the request may be retried. */
export class DependencyUnavailableError extends ServiceUnavailableError {
  override readonly code = 'dependency-unavailable';
  override readonly title = 'A storage dependency is unavailable';
}

function describeIssues(issues: ParamIssue[]): string {
  return issues
    .map((i) => {
      const [where, ...rest] = i.loc;
      const name = rest.length ? rest.join('.') : String(where);
      return rest.length ? `${where} parameter '${name}': ${i.msg}` : `${name}: ${i.msg}`;
    })
    .join('; ');
}
