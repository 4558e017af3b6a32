import type { Deps } from '../deps';
import type { StoredFact } from '../facts/store';
import type { Timeline } from '../facts/timeline';
import { cachedFactsInForce } from './fact-cache';
import { inForce, loadedVersions, type SourceInForce, sourceGaps } from './resolve';
import type { Gap } from './schema';
import { DOCS, WARRANT_SOURCES } from './sources';

/** What the DMEPOS rural ZIP file in force says of one ZIP: its rows, or nothing (the file was searched). */
export interface RuralZipLookup {
  zip: string;
  /** The rural ZIP document (dmepos:3) of the DMEPOS source on the date. */
  source: SourceInForce;
  /** The ZIP's rows in the loaded version(s) in force. */
  facts: StoredFact[];
}

/** Whether the ZIP is rural on the date, with the row (or the whole-file search) that says so. */
export type RuralStatus =
  | { status: 'rural'; state: string; fact: StoredFact }
  | { status: 'non_rural'; searched: { version_id: number; doc_id: string; sha256: string; name: string } }
  | { status: 'unknown'; gaps: Gap[] };

/**
 * Read the ZIP's rows from the rural ZIP file in force on the date: queries on the ZIP's partition
 * over the runs of the loaded versions in force only (factsOfVersionsInForce), cached per version
 * like the warrant's other facts (fact-cache.ts). Read only
 * when a claim names a ZIP.
 */
export async function ruralZipOn(
  deps: Deps,
  timeline: Timeline | undefined,
  zip: string,
  date: string,
): Promise<RuralZipLookup> {
  const source = inForce(timeline, WARRANT_SOURCES.dmepos, date, DOCS.dmeposRuralZip);
  const items = await cachedFactsInForce(deps, { kind: 'zip', value: zip }, source);
  const facts = items
    .filter((f) => f.kind === 'dmepos_rural_zip')
    .sort((a, b) => a.version_id - b.version_id || (a.origin.locator?.record ?? 0) - (b.origin.locator?.record ?? 0));
  return { zip, source, facts };
}

/**
 * Rural when the file in force lists the ZIP; non-rural when a loaded version in force was
 * searched and does not list it (the file lists rural ZIPs only); unknown, with the gaps that say
 * why, when no loaded version of the file is in force.
 */
export function ruralStatus(l: RuralZipLookup): RuralStatus {
  const row = l.facts[0];
  if (row) return { status: 'rural', state: String(row.value.state), fact: row };
  const searched = [...loadedVersions(l.source).values()][0];
  if (searched) {
    const v = searched.version;
    return {
      status: 'non_rural',
      searched: { version_id: v.version_id, doc_id: searched.doc_id, sha256: v.sha256, name: v.name },
    };
  }
  if (!l.source.registered || !l.source.docs.length) {
    return {
      status: 'unknown',
      gaps: [
        {
          kind: 'dmepos_rural_zip',
          reason: 'no_version_in_force',
          detail: `No DMEPOS rural ZIP file is archived, so whether ZIP ${l.zip} is rural is not known.`,
          source_id: l.source.source_id,
          doc_id: 'dmepos:3',
        },
      ],
    };
  }
  return {
    status: 'unknown',
    gaps: sourceGaps(l.source, 'dmepos_rural_zip', '').filter((g) => g.reason !== 'code_not_in_version'),
  };
}
