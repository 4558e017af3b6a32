import type { Deps } from '../deps';
import { getDocDecl, getSource } from '../sources/registry';
import { BLOCKS, type BlockName } from './changes';
import { summarizeFact } from './fact-summary';
import type { Fact, Receipt } from './schema';
import { buildWarrant, type WarrantAnswer, type WarrantQuery } from './service';

export interface Citation {
  kind: string;
  /** The fact in one sentence, with its values (amounts, modifiers, MUE value and indicator, LCD id and group...). */
  statement: string;
  /** The values the statement is made of, as named fields. */
  values: Record<string, unknown>;
  publisher: string;
  source_title: string;
  document_title: string;
  doc_id: string;
  version_id: number;
  version_label: string | null;
  effective_from: string | null;
  effective_to: string | null;
  as_of_rule: Receipt['as_of_rule'];
  sha256: string;
  file_name: string;
  row: string;
  /** Public (no key): redirects to the original bytes; null when the file is withheld under a third-party licence. */
  original_bytes_url: string | null;
  /** Public (no key): which version of the document was in force on the date of service, and why. */
  as_of_url: string;
  /** Set when the source's files are withheld (third-party-licensed descriptors): why the bytes are not linked. */
  withheld: string | null;
}

export interface AppealExhibit {
  exhibit: 'payment_appeal';
  claim_reference: string | null;
  hcpcs: string;
  dos: string;
  npi: string | null;
  state: string | null;
  /** The Medicare contractors (MACs) the cited coverage documents name for the state; empty when none is cited. */
  contractors: { contractor_number: string | null; name: string | null }[];
  warrant: WarrantAnswer;
  citations: Record<BlockName, Citation[]>;
  gaps: Record<BlockName, string[]>;
  signing_key_url: string;
  verification_steps: string[];
}

/**
 * A payment-appeal exhibit: the warrant for the date of service, a citation per held fact (what it
 * says, with its values; publisher, document, version label, effective window, sha256 and a public
 * link to the archived original) and the steps an independent reviewer without an API key follows
 * to verify it. Files of sources under a third-party licence are cited but not linked.
 */
export async function appealExhibit(deps: Deps, q: WarrantQuery & { claimReference?: string }): Promise<AppealExhibit> {
  const warrant = await buildWarrant(deps, q);
  const base = deps.config.publicBaseUrl;
  const cite = (f: Fact): Citation => {
    const r = f.receipt;
    const source = getSource(r.source_id);
    const doc = getDocDecl(r.doc_id)?.doc;
    const restricted = source?.thirdPartyLicensedDescriptors ?? false;
    const summary = summarizeFact(f, q.state ?? null);
    return {
      kind: f.kind,
      statement: summary.statement,
      values: summary.values,
      publisher: source?.publisher ?? r.source_id,
      source_title: source?.title ?? r.source_id,
      document_title: doc?.title ?? r.doc_id,
      doc_id: r.doc_id,
      version_id: r.version_id,
      version_label: r.publisher_version,
      effective_from: r.publisher_effective_from,
      effective_to: r.publisher_effective_to,
      as_of_rule: r.as_of_rule,
      sha256: r.sha256,
      file_name: r.file_name,
      row: r.locator
        ? `line ${r.locator.line} (record ${r.locator.record})`
        : 'whole file searched; no row lists the key',
      original_bytes_url: restricted ? null : `${base}/archive/files/${r.sha256}/original`,
      as_of_url: `${base}/archive/docs/${r.doc_id}/as-of?date=${q.asOf}`,
      withheld: restricted
        ? `Files of ${r.source_id} carry procedure-code descriptors under a third-party licence: cited by sha256, not served.`
        : null,
    };
  };
  const citations = Object.fromEntries(BLOCKS.map((b) => [b, warrant[b].facts.map(cite)])) as Record<
    BlockName,
    Citation[]
  >;
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
    contractors: contractorsOf(warrant, q.state ?? null),
    warrant,
    citations,
    gaps,
    signing_key_url: `${base}/rules/warrant/signing-key`,
    verification_steps: [
      `Signature: fetch the public key from ${base}/rules/warrant/signing-key?kid=<attestation.kid> (no API key; or use a copy you trust), never only from a URL inside the document, and check that its kid equals attestation.kid and equals "ed25519-" followed by the first 16 hex digits of the SHA-256 of its 32 raw bytes. Remove only attestation.signature from this JSON document, canonicalize the rest with RFC 8785 (JSON Canonicalization Scheme), and verify the base64url signature with Ed25519 over those UTF-8 bytes. attestation.issued_at is when it was signed.`,
      'Each fact: open its original_bytes_url (no API key; it redirects to the archived original), compute the SHA-256 of the downloaded bytes and compare it with the cited sha256; then read the cited line of the file and compare it with the statement.',
      'Version in force: open each citation’s as_of_url (no API key): it names the version in force on the date of service and the rule that chose it (the publisher’s effective window, else the date the archive first observed the file).',
      'Withheld files (third-party licences, e.g. AMA CPT): cited by sha256 only; compare against your own licensed copy of the publisher file.',
    ],
  };
}

/** The contractors serving the state that the cited LCDs and articles are assigned to. */
function contractorsOf(w: WarrantAnswer, state: string | null): AppealExhibit['contractors'] {
  const out = new Map<string, { contractor_number: string | null; name: string | null }>();
  for (const f of w.documentation.facts) {
    const list =
      (f.value.contractors as { contractor_number?: string | null; name?: string | null; states?: string[] }[]) ?? [];
    for (const c of list) {
      if (state && c.states && !c.states.includes(state)) continue;
      const key = `${c.contractor_number ?? ''}|${c.name ?? ''}`;
      out.set(key, { contractor_number: c.contractor_number ?? null, name: c.name ?? null });
    }
  }
  return [...out.values()].sort((a, b) => String(a.contractor_number).localeCompare(String(b.contractor_number)));
}
