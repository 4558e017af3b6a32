import { parseXml } from './xml-events';
import { type OpenedZip, openZip, type ZipMember, type ZipSource } from './zip';

/**
 * Package plumbing for SpreadsheetML (ECMA-376 Part 2, Open Packaging Conventions): part lookup
 * (part names compare case-insensitively, OPC §9.1.1.1), relationship parts and target resolution
 * (§9.3), and the `_xHHHH_` escape of ST_Xstring (Part 1, §22.9.2.19).
 */
export interface Relationship {
  id: string;
  type: string;
  /** Absolute part name without the leading slash, e.g. `xl/worksheets/sheet1.xml`. */
  target: string;
  external: boolean;
}

export class XlsxPackage {
  private readonly byName = new Map<string, ZipMember>();

  private constructor(
    readonly zip: OpenedZip,
    private readonly maxPartBytes: number,
  ) {
    for (const m of zip.members) this.byName.set(m.name.replace(/^\/+/, '').toLowerCase(), m);
  }

  /** A package held in memory, or read by random access from a ZipSource (a file on disk). */
  static async open(input: Buffer | ZipSource, maxPartBytes: number): Promise<XlsxPackage> {
    return new XlsxPackage(await openZip(input), maxPartBytes);
  }

  part(name: string): ZipMember | undefined {
    return this.byName.get(name.replace(/^\/+/, '').toLowerCase());
  }

  /** A part as a stream for the XML reader; refuses parts over the size cap (zip bombs). */
  async open(name: string) {
    const m = this.part(name);
    if (!m) throw new Error(`xlsx: missing part ${name}`);
    if (m.size > this.maxPartBytes) throw new Error(`xlsx: part ${name} is ${m.size} bytes, over the limit`);
    return this.zip.stream(m);
  }

  /** The relationships of a part (`dir/_rels/file.rels`); empty when the part has none. */
  async relationships(sourcePart: string): Promise<Relationship[]> {
    const slash = sourcePart.lastIndexOf('/');
    const dir = slash < 0 ? '' : sourcePart.slice(0, slash + 1);
    const relsName = `${dir}_rels/${sourcePart.slice(slash + 1)}.rels`;
    if (!this.part(relsName)) return [];
    const out: Relationship[] = [];
    await parseXml(await this.open(relsName), {
      open(name, a) {
        if (name !== 'Relationship' || !a.Target) return;
        const external = a.TargetMode === 'External';
        out.push({
          id: a.Id ?? '',
          type: a.Type ?? '',
          target: external ? a.Target : resolvePart(dir, a.Target),
          external,
        });
      },
    });
    return out;
  }

  close(): void {
    this.zip.close();
  }
}

/** Resolves a relationship target against the source part's folder (absolute targets start with `/`). */
export function resolvePart(dir: string, target: string): string {
  const segments = (target.startsWith('/') ? target : `${dir}${target}`).split('/');
  const out: string[] = [];
  for (const s of segments) {
    if (s === '' || s === '.') continue;
    if (s === '..') out.pop();
    else out.push(s);
  }
  return out.join('/');
}

/** Decodes ST_Xstring escapes: `_x000D_` is a carriage return, `_x005F_` a literal underscore. */
export function unescapeXstring(s: string): string {
  return s.includes('_x')
    ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : s;
}
