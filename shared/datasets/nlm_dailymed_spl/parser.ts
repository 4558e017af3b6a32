import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseXml } from '../../formats/xml-events';
import { fileZipSource, looksLikeZip, type OpenedZip, openZip } from '../../formats/zip';
import { toChunks } from '../../publishers/common/bytes';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import {
  classOfDisplayName,
  KEY_SECTIONS,
  type LabelProduct,
  type LabelRow,
  type LabelSection,
  type PharmClassRow,
  SECTION_TEXT_MAX,
} from '../../rx/label-rows';
import { LABEL_PARSER_HEAD, PHARM_CLASS_PARSER_HEAD } from './head';

/**
 * DailyMed SPL bundles, read in bounded memory. The layout family (DailyMed "SPL Resources: Download
 * All Drug Labels" and "Pharmacologic Class Indexing Files"): a bundle zip (full release part,
 * daily/weekly/monthly update, or the class indexing zip) holds one zip per SPL, named
 * `<YYYYMMDD>_<setid>.zip`, each holding the SPL XML `<document id>.xml` (and the label's images).
 * The bundle arrives as a stream; a zip's directory is at its end, so the stream is spooled to a
 * temporary file and read by random access; each inner zip (a few MB at most) is read into memory
 * alone, and its XML is parsed as a stream with saxes (shared/formats/xml-events.ts). At any time the
 * parser holds one inner zip and one SPL's record. A lone inner zip or a bare SPL XML reads too.
 *
 * Locators: `line` is the 1-based position of the outer member in the bundle's central directory
 * (1 for a bare XML), `record` the 1-based index of the record among those yielded.
 */

const INNER_ZIP_MAX = 512 * 1024 * 1024;
const LOINC = '2.16.840.1.113883.6.1';
const NDC_SYSTEM = '2.16.840.1.113883.6.69';
const UNII_SYSTEM = '2.16.840.1.113883.4.9';
const ACTIVE_CLASSES = new Set(['ACTIB', 'ACTIM', 'ACTIR']);
const TARGETS = new Map<string, string>(Object.entries(KEY_SECTIONS).map(([k, v]) => [v, k]));
/** Elements whose end is a line break in flattened section text. */
const BLOCK = new Set(['paragraph', 'item', 'tr', 'title', 'caption', 'br', 'list', 'table']);

/** `20100728` → `2010-07-28` (null when not a date). */
function isoDate(v: string | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(v ?? '');
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
const orNull = (s: string | null | undefined) => (s && clean(s) ? clean(s) : null);

/** One SPL document, as read. */
interface Spl {
  documentId: string | null;
  setId: string | null;
  version: number | null;
  effective: string | null;
  title: string;
  typeCode: string | null;
  typeName: string | null;
  labeler: string | null;
  labelerDuns: string | null;
  sectionCodes: Set<string>;
  sections: Map<string, { loinc: string; title: string; text: string }>;
  products: LabelProduct[];
  substances: { unii: string; name: string | null; classes: { code: string; display: string }[] }[];
}

interface SectionFrame {
  depth: number;
  code: string | null;
  /** The key section this frame collects for (set on its code, or inherited from an enclosing key section). */
  key: string | null;
  inherited: boolean;
}

/** The SPL handlers: a path stack of local element names and the frames open on it. */
function splReader() {
  const spl: Spl = {
    documentId: null,
    setId: null,
    version: null,
    effective: null,
    title: '',
    typeCode: null,
    typeName: null,
    labeler: null,
    labelerDuns: null,
    sectionCodes: new Set(),
    sections: new Map(),
    products: [],
    substances: [],
  };
  const stack: string[] = [];
  const sections: SectionFrame[] = [];
  let product: { depth: number; p: LabelProduct } | null = null;
  let ingredient: { depth: number; i: LabelProduct['ingredients'][number] } | null = null;
  let substance: { depth: number; s: Spl['substances'][number] } | null = null;
  /** Where text goes now, and the depth of the element that opened the capture. */
  let capture: { depth: number; put: (t: string) => void } | null = null;
  let docTitleDepth = -1;

  const parent = (n = 1) => stack[stack.length - 1 - n];
  const under = (...names: string[]) => names.every((nm, i) => stack[stack.length - names.length + i] === nm);
  const keyFrame = () => {
    const f = sections[sections.length - 1];
    return f?.key ? f : null;
  };
  const sectionText = (key: string) => spl.sections.get(key)!;
  const startCapture = (put: (t: string) => void) => {
    capture = { depth: stack.length, put };
  };

  return {
    spl,
    handlers: {
      open(name: string, a: Readonly<Record<string, string>>) {
        stack.push(name);
        const depth = stack.length;
        if (depth === 2) {
          if (name === 'id') spl.documentId = a.root ?? null;
          else if (name === 'setId') spl.setId = a.root ?? null;
          else if (name === 'versionNumber') spl.version = Number.parseInt(a.value ?? '', 10);
          else if (name === 'effectiveTime') spl.effective = isoDate(a.value);
          else if (name === 'code') {
            spl.typeCode = a.code ?? null;
            spl.typeName = a.displayName ?? null;
          } else if (name === 'title') {
            docTitleDepth = depth;
            startCapture((t) => {
              spl.title += t;
            });
          }
          return;
        }
        if (under('author', 'assignedEntity', 'representedOrganization', 'name') && depth === 5 && !spl.labeler) {
          spl.labeler = '';
          startCapture((t) => {
            spl.labeler += t;
          });
          return;
        }
        if (under('author', 'assignedEntity', 'representedOrganization', 'id') && depth === 5)
          spl.labelerDuns ??= a.extension ?? null;
        if (name === 'section') {
          const outer = keyFrame();
          sections.push({ depth, code: null, key: outer?.key ?? null, inherited: !!outer });
          return;
        }
        const frame = sections[sections.length - 1];
        if (name === 'code' && parent() === 'section' && frame && frame.code === null) {
          frame.code = a.code ?? null;
          if (frame.code && (a.codeSystem ?? LOINC) === LOINC) {
            spl.sectionCodes.add(frame.code);
            const key = TARGETS.get(frame.code);
            if (key && !frame.key) {
              frame.key = key;
              if (!spl.sections.has(key)) spl.sections.set(key, { loinc: frame.code, title: '', text: '' });
            }
          }
          return;
        }
        // Text of a key section: its title and narrative, and those of its subsections.
        const kf = keyFrame();
        if (kf && !capture && (name === 'title' || name === 'text') && parent() === 'section') {
          const s = sectionText(kf.key!);
          const own = !kf.inherited && name === 'title' && stack.length === kf.depth + 1 && !s.title;
          startCapture((t) => {
            if (own) s.title += t;
            else s.text += t;
          });
          if (!own && s.text) s.text += '\n';
          return;
        }
        // Listing data: products, their ingredients and packages.
        if (
          (name === 'manufacturedProduct' || name === 'manufacturedMedicine') &&
          (parent() === 'manufacturedProduct' || parent() === 'manufacturedMedicine') &&
          parent(2) === 'subject' &&
          !product
        ) {
          product = {
            depth,
            p: {
              product_ndc: null,
              name: null,
              generic_name: null,
              dosage_form: null,
              dosage_form_code: null,
              ingredients: [],
              package_ndcs: [],
            },
          };
          return;
        }
        if (product) {
          const p = product.p;
          const rel = depth - product.depth;
          if (rel === 1 && name === 'code' && a.codeSystem === NDC_SYSTEM) p.product_ndc ??= a.code ?? null;
          else if (rel === 1 && name === 'name' && p.name === null) {
            p.name = '';
            startCapture((t) => {
              p.name += t;
            });
          } else if (rel === 1 && name === 'formCode') {
            p.dosage_form ??= a.displayName ?? null;
            p.dosage_form_code ??= a.code ?? null;
          } else if (name === 'name' && under('asEntityWithGeneric', 'genericMedicine', 'name') && rel === 3) {
            p.generic_name = '';
            startCapture((t) => {
              p.generic_name += t;
            });
          } else if (name === 'ingredient' && rel === 1) {
            ingredient = {
              depth,
              i: {
                name: null,
                unii: null,
                class_code: a.classCode ?? null,
                active: ACTIVE_CLASSES.has(a.classCode ?? ''),
                strength: null,
                active_moiety_unii: null,
              },
            };
            p.ingredients.push(ingredient.i);
          } else if (ingredient && under('ingredientSubstance', 'code') && depth === ingredient.depth + 2) {
            if (a.codeSystem === UNII_SYSTEM) ingredient.i.unii = a.code ?? null;
          } else if (ingredient && under('ingredientSubstance', 'name') && depth === ingredient.depth + 2) {
            const i = ingredient.i;
            i.name = '';
            startCapture((t) => {
              i.name += t;
            });
          } else if (ingredient && under('activeMoiety', 'activeMoiety', 'code') && a.codeSystem === UNII_SYSTEM) {
            ingredient.i.active_moiety_unii ??= a.code ?? null;
          } else if (ingredient && under('quantity', 'numerator') && depth === ingredient.depth + 2) {
            ingredient.i.strength = `${a.value ?? ''} ${a.unit ?? ''}`.trim();
          } else if (ingredient && under('quantity', 'denominator') && depth === ingredient.depth + 2) {
            if (ingredient.i.strength && !(a.value === '1' && (a.unit ?? '1') === '1'))
              ingredient.i.strength += ` per ${`${a.value ?? ''} ${a.unit === '1' ? '' : (a.unit ?? '')}`.trim()}`;
          } else if (
            name === 'code' &&
            parent() === 'containerPackagedProduct' &&
            a.codeSystem === NDC_SYSTEM &&
            a.code
          ) {
            if (!p.package_ndcs.includes(a.code)) p.package_ndcs.push(a.code);
          }
          return;
        }
        // Indexing SPLs: a substance and the classes it is a specialized kind of.
        if (name === 'identifiedSubstance' && parent() === 'identifiedSubstance' && parent(2) === 'subject') {
          substance = { depth, s: { unii: '', name: null, classes: [] } };
          spl.substances.push(substance.s);
          return;
        }
        if (substance) {
          const rel = depth - substance.depth;
          const s = substance.s;
          if (rel === 1 && name === 'code') s.unii = a.code ?? '';
          else if (rel === 1 && name === 'name') {
            s.name = '';
            startCapture((t) => {
              s.name += t;
            });
          } else if (name === 'code' && under('asSpecializedKind', 'generalizedMaterialKind', 'code') && a.code)
            s.classes.push({ code: a.code, display: a.displayName ?? '' });
        }
      },
      close(name: string) {
        const depth = stack.length;
        if (capture && capture.depth === depth) {
          if (depth === docTitleDepth) docTitleDepth = -1;
          capture = null;
        } else if (capture && BLOCK.has(name)) capture.put('\n');
        else if (capture && (name === 'td' || name === 'th')) capture.put(' | ');
        if (name === 'section' && sections[sections.length - 1]?.depth === depth) sections.pop();
        if (product && product.depth === depth) {
          const p = product.p;
          p.name = orNull(p.name);
          p.generic_name = orNull(p.generic_name);
          for (const i of p.ingredients) i.name = orNull(i.name);
          spl.products.push(p);
          product = null;
        }
        if (ingredient && ingredient.depth === depth) ingredient = null;
        if (substance && substance.depth === depth) {
          substance.s.name = orNull(substance.s.name);
          substance = null;
        }
        stack.pop();
      },
      text(t: string) {
        capture?.put(t);
      },
    },
  };
}

/** Narrative text flattened: runs of blanks made one space, lines kept (table cells joined by ` | `), empty lines dropped. */
function flatten(text: string): string {
  return text
    .split('\n')
    .map((l) => clean(l).replace(/(\s*\|)+$/, ''))
    .filter(Boolean)
    .join('\n');
}

async function readSpl(input: Readable | Buffer): Promise<Spl> {
  const r = splReader();
  await parseXml(input, r.handlers);
  return r.spl;
}

/** An SPL document, or a malformed one named by its member. */
async function readMember(parserId: string, line: number, member: string, input: Readable | Buffer): Promise<Spl> {
  try {
    return await readSpl(input);
  } catch (err) {
    throw new PublisherFormatError(parserId, line, `${member}: ${(err as Error).message}`);
  }
}

/** Every SPL XML of the input (a bundle zip, one label's zip, or a bare XML), with its member path and outer position. */
async function* splsOf(parserId: string, input: ByteInput): AsyncGenerator<{ spl: Spl; member: string; line: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dailymed-'));
  try {
    const file = path.join(dir, 'bundle');
    await pipeline(Readable.from(toChunks(input)), fs.createWriteStream(file, { flags: 'wx' }));
    const head = Buffer.alloc(4);
    const fd = fs.openSync(file, 'r');
    fs.readSync(fd, head, 0, 4, 0);
    fs.closeSync(fd);
    if (!looksLikeZip(head)) {
      yield { spl: await readMember(parserId, 1, '(xml)', fs.createReadStream(file)), member: '(xml)', line: 1 };
      return;
    }
    const outer = await openZip(fileZipSource(file));
    try {
      let line = 0;
      for (const m of outer.members) {
        line++;
        if (m.isDirectory) continue;
        const base = m.name.split('/').pop() ?? m.name;
        if (/\.xml$/i.test(base)) {
          yield { spl: await readMember(parserId, line, m.name, await outer.stream(m)), member: m.name, line };
        } else if (/\.zip$/i.test(base)) {
          let inner: OpenedZip;
          try {
            inner = await openZip(await outer.read(m, INNER_ZIP_MAX));
          } catch (err) {
            throw new PublisherFormatError(parserId, line, `${m.name}: ${(err as Error).message}`);
          }
          try {
            for (const x of inner.members) {
              if (x.isDirectory || !/\.xml$/i.test(x.name)) continue;
              const name = `${m.name}!${x.name}`;
              yield { spl: await readMember(parserId, line, name, await inner.stream(x)), member: name, line };
            }
          } finally {
            inner.close();
          }
        }
      }
    } finally {
      outer.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function sectionOf(s: { loinc: string; title: string; text: string }): LabelSection {
  const text = flatten(s.text);
  return {
    loinc: s.loinc,
    title: orNull(s.title),
    text: text.length > SECTION_TEXT_MAX ? text.slice(0, SECTION_TEXT_MAX) : text,
    truncated: text.length > SECTION_TEXT_MAX,
  };
}

function requireIds(parserId: string, line: number, member: string, spl: Spl) {
  if (!spl.setId || !spl.documentId || spl.version === null || !Number.isFinite(spl.version))
    throw new PublisherFormatError(parserId, line, `${member}: an SPL without setId, id or versionNumber`);
  return { setId: spl.setId.toLowerCase(), documentId: spl.documentId.toLowerCase(), version: spl.version };
}

/** The label SPLs of a bundle (indexing and other non-label SPLs in it are skipped: they carry no listing). */
export const labelParser: PublisherParser<LabelRow> = {
  id: LABEL_PARSER_HEAD.id,
  version: LABEL_PARSER_HEAD.version,
  async *parse(input) {
    let record = 0;
    for await (const { spl, member, line } of splsOf(LABEL_PARSER_HEAD.id, input)) {
      if (spl.substances.length && !spl.products.length) continue; // an indexing SPL
      const ids = requireIds(LABEL_PARSER_HEAD.id, line, member, spl);
      const sections: Record<string, LabelSection> = {};
      for (const [key, s] of spl.sections) sections[key] = sectionOf(s);
      yield {
        set_id: ids.setId,
        document_id: ids.documentId,
        version: ids.version,
        effective_date: spl.effective,
        title: orNull(flatten(spl.title)),
        document_type_code: spl.typeCode,
        document_type: spl.typeName,
        labeler: orNull(spl.labeler),
        labeler_duns: spl.labelerDuns,
        has_boxed_warning: spl.sections.has('boxed_warning'),
        has_indications: spl.sections.has('indications'),
        has_dosage_and_administration: spl.sections.has('dosage_and_administration'),
        has_contraindications: spl.sections.has('contraindications'),
        sections,
        section_codes: [...spl.sectionCodes].sort(),
        products: spl.products,
        member,
        locator: { line, record: ++record },
      };
    }
  },
  codesOf: (r) => [
    ...new Set(r.products.flatMap((p) => [...(p.product_ndc ? [p.product_ndc] : []), ...p.package_ndcs])),
  ],
};

/** One row per (substance, class) of the pharmacologic class indexing SPLs of a bundle. */
export const pharmClassParser: PublisherParser<PharmClassRow> = {
  id: PHARM_CLASS_PARSER_HEAD.id,
  version: PHARM_CLASS_PARSER_HEAD.version,
  async *parse(input) {
    let record = 0;
    for await (const { spl, member, line } of splsOf(PHARM_CLASS_PARSER_HEAD.id, input)) {
      if (!spl.substances.length) continue;
      const ids = requireIds(PHARM_CLASS_PARSER_HEAD.id, line, member, spl);
      for (const s of spl.substances) {
        if (!s.unii)
          throw new PublisherFormatError(PHARM_CLASS_PARSER_HEAD.id, line, `${member}: a substance without a UNII`);
        for (const c of s.classes) {
          const { name, type } = classOfDisplayName(c.display);
          yield {
            unii: s.unii,
            substance_name: s.name,
            class_code: c.code,
            class_name: name,
            class_type: type ?? 'other',
            class_key: `${name.toLowerCase()}|${c.code}`,
            set_id: ids.setId,
            version: ids.version,
            effective_date: spl.effective,
            member,
            locator: { line, record: ++record },
          };
        }
      }
    }
  },
  codesOf: (r) => [r.unii],
};
