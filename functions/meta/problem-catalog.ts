import { UnarchivableFileError } from '../../shared/archive/errors';
import { EntitlementRequiredError, missingKey } from '../../shared/auth/errors';
import { PaymentNotConfiguredError } from '../../shared/billing/checkout';
import {
  type AppError,
  BadRequestError,
  ConflictError,
  DependencyUnavailableError,
  ForbiddenError,
  LicenseRestrictedError,
  MethodNotAllowedError,
  NotFoundError,
  NotImplementedError,
  OriginNotAllowedError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  SourceNotLoadedError,
  TooManyRequestsError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../shared/http/errors';

/** One problem type: the last segment of a problem's `type` URI, with a description for people. */
export interface ProblemType {
  code: string;
  status: number;
  title: string;
  description: string;
}

/**
 * Every problem type the service emits. Code, status and title are read from an instance of the
 * error class itself, so this page cannot disagree with the bodies; only the prose lives here.
 * A test fails when an error class with a new code is added without an entry.
 */
const ENTRIES: [() => AppError, string][] = [
  [() => new BadRequestError(''), 'The request cannot be processed as sent. The `detail` says what is wrong.'],
  [
    () => new ValidationError([]),
    'One or more parameters failed validation. `errors` lists each one: `loc` says where (for example `["query", "as_of"]`), `msg` what is wrong and `type` the kind of check. Fix every listed parameter and send again.',
  ],
  [
    () => new UnarchivableFileError('empty', ''),
    'The bytes offered for archiving cannot be archived as they are (empty, a corrupt or truncated zip, a zip over the extraction limits, or bad metadata); `reason` names which. Nothing was written.',
  ],
  [
    () => missingKey(),
    'No API key, or one that is unknown or revoked. Send your key in the `X-API-Key` header. Missing and invalid keys are told apart only by the wording of `detail`.',
  ],
  [() => new ForbiddenError(''), 'The key is valid but may not do this.'],
  [
    () => new EntitlementRequiredError(''),
    'The key is valid but its tier does not include this read (the warrant, its appeal and its changes are a paid entitlement). `required_tier` names the cheapest tier that does; see /pricing.',
  ],
  [
    () => new OriginNotAllowedError(''),
    'The agent-tool surface (/mcp) refused the request because its `Origin` header (or, on a local server, its `Host`) is not one it serves: a guard against DNS rebinding. Agents that are not browsers send no Origin; an operator allows a browser origin with MCP_ALLOWED_ORIGINS.',
  ],
  [
    () => new NotFoundError(''),
    'No such route, or no such identifier on a route that exists. Identifiers are never guessed.',
  ],
  [
    () => new MethodNotAllowedError('', ['POST']),
    'The path exists but does not take this method; the `Allow` header and the `allow` member list the ones it does (GET and DELETE /mcp: the agent-tool surface is stateless, POST only).',
  ],
  [
    () => new ConflictError(''),
    'The request conflicts with the current state (for example a resource that already exists).',
  ],
  [() => new PayloadTooLargeError(''), 'The request body is larger than this endpoint accepts.'],
  [
    () => new UnsupportedMediaTypeError(''),
    'The request body has a media type this endpoint does not accept; send JSON.',
  ],
  [
    () => new TooManyRequestsError(''),
    "The key's daily request allowance is used up. `Retry-After` gives the seconds until the allowance resets at 00:00 UTC; the RateLimit headers show the policy. /my-usage still answers.",
  ],
  [
    () => new LicenseRestrictedError(''),
    'The content exists but is withheld under a third-party license (RFC 7725), for example procedure-code descriptors; the file is listed but its text is not served.',
  ],
  [
    () => new NotImplementedError(''),
    'The route is part of the published contract but cannot answer yet on this deployment. It never returns made-up data instead.',
  ],
  [() => new ServiceUnavailableError(''), 'The service cannot answer right now; retry later.'],
  [
    () => new SourceNotLoadedError(''),
    "A catalog read has no loaded version of its source in force on the date asked (`as_of`, default today): before the first archived version, or before it was loaded. `sources` names the source(s) and `gaps` the archive's reasons. It is never answered with an empty list.",
  ],
  [
    () => new DependencyUnavailableError(''),
    'A storage dependency (DynamoDB or S3) did not answer. The request did not take effect and may be retried.',
  ],
  [
    () => new PaymentNotConfiguredError(''),
    'Online checkout is unavailable because this deployment has no payment configuration. Tiers are listed at /pricing; keys are issued on request.',
  ],
];

/** Rendered for errors that are not AppErrors; the body carries only a request id. */
const INTERNAL: ProblemType = {
  code: 'internal-error',
  status: 500,
  title: 'Internal server error',
  description: 'Something unexpected failed. Nothing about it is disclosed; quote the `request_id` when reporting it.',
};

/** All problem types, by status then code. */
export function problemTypes(): ProblemType[] {
  const out = ENTRIES.map(([make, description]) => {
    const e = make();
    return { code: e.code, status: e.status, title: e.title, description };
  });
  return [...out, INTERNAL].sort((a, b) => a.status - b.status || a.code.localeCompare(b.code));
}
