const BRAND = Symbol.for('publisher-format-error');

/**
 * A publisher file that does not have the layout its parser expects. Carries the 1-based physical
 * line, so an operator can open the archived file at the offending place. This is a data error
 * (the archived bytes are what they are), not a request error: callers decide how to surface it.
 */
export class PublisherFormatError extends Error {
  override readonly name = 'PublisherFormatError';
  /** Set on every instance: a lazy parser file has its own copy of this class (./lazy.ts). */
  readonly [BRAND] = true;

  /** `instanceof` holds for an instance of any copy of the class (subclasses test as usual). */
  static override [Symbol.hasInstance](x: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof is asked of (a subclass tests as usual)
    if (this !== PublisherFormatError) return Function.prototype[Symbol.hasInstance].call(this, x);
    return typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[BRAND] === true;
  }

  constructor(
    readonly parserId: string,
    readonly line: number,
    message: string,
  ) {
    super(`${parserId}: line ${line}: ${message}`);
  }
}
