import { PublisherFormatError } from './errors';

/** Header names compared the way publishers vary them: case, inner whitespace and line breaks ignored. */
export function normalizeName(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Column positions by header name. Lookups are by normalised name so that `"HCPCS/\nCPT Code"`,
 * `HCPCS/ CPT Code` and `hcpcs/cpt code` style drift does not break a parser; a required column
 * that is missing is a format error naming it.
 */
export class HeaderIndex {
  private readonly positions = new Map<string, number>();

  constructor(
    readonly names: readonly string[],
    private readonly parserId: string,
    private readonly line: number,
  ) {
    names.forEach((n, i) => {
      const key = normalizeName(n);
      if (key !== '' && !this.positions.has(key)) this.positions.set(key, i);
    });
  }

  /** Position of the first column whose name is one of `names`, or -1. */
  find(...names: string[]): number {
    for (const n of names) {
      const p = this.positions.get(normalizeName(n));
      if (p !== undefined) return p;
    }
    return -1;
  }

  require(...names: string[]): number {
    const p = this.find(...names);
    if (p < 0) throw new PublisherFormatError(this.parserId, this.line, `missing column ${JSON.stringify(names[0])}`);
    return p;
  }
}

/** The field at a position, or '' when the position is absent (-1) or past the end of a short row. */
export function at(fields: readonly string[], pos: number): string {
  return pos < 0 ? '' : (fields[pos] ?? '');
}
