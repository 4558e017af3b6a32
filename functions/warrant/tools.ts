import { type ToolSpec, tool } from '../../shared/http/tool-spec';

const GAP =
  'A gap is never a negative answer: it names the part the archive cannot prove on that date (source_not_loaded, no_version_in_force, code_not_in_version, state_required, ambiguous_version, not_applicable); say so rather than filling it in.';

/** The warrant and the three rule reads, as agent tools (shared/mcp). */
export const WARRANT_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'warrant',
    method: 'get',
    path: '/rules/warrant',
    signed: true,
    proves:
      'Proves which rule facts (standing, fee, edits, documentation) were in force for the code on the date of service, each with a receipt to the archived publisher file, its sha256 and row. ' +
      GAP,
  }),
  tool({
    name: 'warrant_changes',
    method: 'get',
    path: '/rules/warrant/changes',
    signed: true,
    proves:
      'Proves whether any fact of the warrant moved between the two dates, naming the versions on each side. A block with a gap on either date cannot be compared on that part: read `any_change` together with the gaps.',
  }),
  tool({
    name: 'warrant_appeal',
    method: 'get',
    path: '/rules/warrant/appeal',
    signed: true,
    proves:
      'An exhibit for a payment appeal: each held fact as a citation with the public link to its archived original and the steps a reviewer follows to verify it without a key. The JSON answer is signed; `format=html` gives a printable page (not itself the signed JSON: the signed JSON is embedded in it). ' +
      GAP,
  }),
  tool({
    name: 'warrant_signing_key',
    method: 'get',
    path: '/rules/warrant/signing-key',
    proves:
      'The public key a signed answer names in `attestation.kid`: with it any verifier checks the answer offline. Trust a key you pinned or fetched from the deployment you meant to ask; a verifier also checks that the kid is derived from the key bytes. Needs no key and is not counted.',
  }),
  tool({
    name: 'dmepos_fee',
    method: 'get',
    path: '/rules/dmepos/fee',
    proves:
      'Proves the DMEPOS fee-schedule rows in force for the code, state and date, with receipts to the archived file and row. A gap means the fee cannot be proven on that date, not that there is no fee.',
  }),
  tool({
    name: 'ncci_mue',
    method: 'get',
    path: '/rules/ncci/mue',
    proves:
      'Proves the Medically Unlikely Edit in force per setting on the date, with receipts. A no_version_in_force or source_not_loaded gap is never "no MUE": the setting\'s table is not in force or not loaded on that date. code_not_in_version means the table in force does not list the code; CMS does not publish every MUE, so that is not proof that none applies.',
  }),
  tool({
    name: 'ncci_ptp',
    method: 'get',
    path: '/rules/ncci/ptp',
    proves:
      'Proves whether a procedure-to-procedure edit for the ordered code pair was in force on the date, with its modifier indicator and receipts. A gap is never "no edit": no_table_for_setting or no_version_in_force means no table was in force for that setting on the date; deletion_day_unresolved means the date is the edit\'s deletion date, on which CMS does not say whether it still applies.',
  }),
];
