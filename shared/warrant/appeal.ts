import type { Deps } from '../deps';
import { getDocDecl, getSource } from '../sources/registry';
import { BLOCKS, type BlockName } from './changes';
import type { Receipt } from './schema';
import { buildWarrant, type WarrantAnswer, type WarrantQuery } from './service';

export interface Citation {
  kind: string;
  publisher: string;
  source_title: string;
  document_title: string;
  doc_id: string;
  version_id: number;
  version_label: string | null;
  effective_from: string | null;
  effective_to: string | null;
  sha256: string;
  file_name: string;
  row: string;
  archived_original_url: string;
}

export interface AppealExhibit {
  exhibit: 'payment_appeal';
  claim_reference: string | null;
  hcpcs: string;
  dos: string;
  npi: string | null;
  state: string | null;
  warrant: WarrantAnswer;
  citations: Record<BlockName, Citation[]>;
  gaps: Record<BlockName, string[]>;
  verification_steps: string[];
}

/**
 * A payment-appeal exhibit: the warrant for the date of service, a citation per held fact
 * (publisher, document, version label, effective window, sha256 and the archived original) and the
 * steps an independent reviewer follows to verify it.
 */
export async function appealExhibit(deps: Deps, q: WarrantQuery & { claimReference?: string }): Promise<AppealExhibit> {
  const warrant = await buildWarrant(deps, q);
  const base = deps.config.publicBaseUrl;
  const cite = (kind: string, r: Receipt): Citation => {
    const source = getSource(r.source_id);
    const doc = getDocDecl(r.doc_id)?.doc;
    return {
      kind,
      publisher: source?.publisher ?? r.source_id,
      source_title: source?.title ?? r.source_id,
      document_title: doc?.title ?? r.doc_id,
      doc_id: r.doc_id,
      version_id: r.version_id,
      version_label: r.publisher_version,
      effective_from: r.publisher_effective_from,
      effective_to: r.publisher_effective_to,
      sha256: r.sha256,
      file_name: r.file_name,
      row: r.locator
        ? `line ${r.locator.line} (record ${r.locator.record})`
        : 'whole file searched; no row lists the key',
      archived_original_url: r.file_url,
    };
  };
  const citations = Object.fromEntries(
    BLOCKS.map((b) => [b, warrant[b].facts.map((f) => cite(f.kind, f.receipt))]),
  ) as Record<BlockName, Citation[]>;
  const gaps = Object.fromEntries(
    BLOCKS.map((b) => [b, warrant[b].gaps.map((g) => `${g.kind}: ${g.reason}: ${g.detail}`)]),
  ) as Record<BlockName, string[]>;
  return {
    exhibit: 'payment_appeal',
    claim_reference: q.claimReference ?? null,
    hcpcs: q.hcpcs,
    dos: q.asOf,
    npi: q.npi ?? null,
    state: q.state ?? null,
    warrant,
    citations,
    gaps,
    verification_steps: [
      `Fetch the signing key from ${base}/rules/warrant/signing-key (match its kid to attestation.kid).`,
      'Remove only attestation.signature from this JSON document, canonicalize the rest with RFC 8785, and verify the base64url signature with Ed25519 over those bytes.',
      'For each citation, download the archived original from its URL and check that its sha256 equals the cited sha256.',
      'Open the file at the cited row and compare the row with the fact; the archive also serves a text rendering at /archive/files/{sha256}/text.',
      `Check the version in force with ${base}/archive/docs/{doc_id}/as-of?date=<dos>: it names the rule (publisher effective window, else first observation) that selected the cited version.`,
    ],
  };
}
