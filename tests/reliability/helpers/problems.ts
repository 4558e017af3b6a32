/**
 * What every error response must be (spec "Errors", RFC 9457): a 4xx or 5xx answers
 * application/problem+json with type, title, status and detail, and the status in the body is the
 * HTTP status. Returns what is wrong, or undefined when the response is acceptable.
 */
export async function problemViolation(res: Response, opts: { allow5xx?: (status: number, body: Record<string, unknown>) => boolean } = {}): Promise<string | undefined> {
  if (res.status < 400) {
    await res.arrayBuffer();
    return undefined;
  }
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('application/problem+json')) return `${res.status} with content-type ${type || 'none'}: ${text.slice(0, 200)}`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return `${res.status} problem body is not JSON: ${text.slice(0, 200)}`;
  }
  for (const field of ['type', 'title', 'detail'] as const) {
    if (typeof body[field] !== 'string' || !(body[field] as string).length) return `${res.status} problem without ${field}: ${text.slice(0, 300)}`;
  }
  if (body.status !== res.status) return `HTTP ${res.status} but body status ${String(body.status)}`;
  if (res.status >= 500 && !opts.allow5xx?.(res.status, body)) return `${res.status}: ${text.slice(0, 300)}`;
  return undefined;
}
