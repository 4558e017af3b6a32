export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/**
 * What every error response must be (spec "Errors", RFC 9457): a 4xx or 5xx answers
 * application/problem+json with type, title, status and detail, and the status in the body is the
 * HTTP status; no 5xx at all unless `designed` accepts it (a documented 501, a red status page).
 * Returns what is wrong, or undefined when the response is acceptable.
 */
export async function problemViolation(
  res: Response,
  designed: (a: Answer) => boolean = () => false,
): Promise<string | undefined> {
  if (res.status < 400) {
    await res.arrayBuffer();
    return undefined;
  }
  const a: Answer = { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
  if (a.status >= 500 && designed(a)) return undefined;
  return shapeViolation(a) ?? (a.status >= 500 ? `${a.status}: ${a.text.slice(0, 300)}` : undefined);
}

/** The RFC 9457 shape alone (any status). */
export function shapeViolation(a: Answer): string | undefined {
  if (!a.contentType.startsWith('application/problem+json'))
    return `${a.status} with content-type ${a.contentType || 'none'}: ${a.text.slice(0, 200)}`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(a.text) as Record<string, unknown>;
  } catch {
    return `${a.status} problem body is not JSON: ${a.text.slice(0, 200)}`;
  }
  for (const field of ['type', 'title', 'detail'] as const) {
    const v = body[field];
    if (typeof v !== 'string' || !v.length) return `${a.status} problem without ${field}: ${a.text.slice(0, 300)}`;
  }
  if (body.status !== a.status) return `HTTP ${a.status} but body status ${String(body.status)}`;
  return undefined;
}

/** The problem body of an answer already known to be a problem. */
export function problemType(a: Answer): string {
  try {
    return String((JSON.parse(a.text) as { type?: unknown }).type ?? '');
  } catch {
    return '';
  }
}
