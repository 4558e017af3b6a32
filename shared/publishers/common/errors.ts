/**
 * A publisher file that does not have the layout its parser expects. Carries the 1-based physical
 * line, so an operator can open the archived file at the offending place. This is a data error
 * (the archived bytes are what they are), not a request error: callers decide how to surface it.
 */
export class PublisherFormatError extends Error {
  override readonly name = 'PublisherFormatError';

  constructor(
    readonly parserId: string,
    readonly line: number,
    message: string,
  ) {
    super(`${parserId}: line ${line}: ${message}`);
  }
}
