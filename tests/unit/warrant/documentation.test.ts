import type { McdDocumentationValue } from '../../../shared/datasets/cms_mcd/join';
import type { RevisionWindow } from '../../../shared/datasets/cms_mcd/windows';
import type { StoredFact } from '../../../shared/facts/store';
import { documentationBlock, selectDocumentation } from '../../../shared/warrant/blocks/documentation';
import type { ReceiptContext } from '../../../shared/warrant/receipt';
import type { SourceInForce } from '../../../shared/warrant/resolve';

const SHA = 'b'.repeat(64);
const ctx: ReceiptContext = { baseUrl: 'http://x', versions: new Map(), rules: new Map() };
/** The LCD code list loaded and in force (cast: other fields of a version in force do not matter here). */
const mcd = {
  source_id: 'cms_mcd',
  registered: true,
  docs: [
    {
      doc_id: 'mcd:2',
      status: 'in_force',
      version: { version_id: 7, doc_id: 'mcd:2', publisher_effective_from: '2025-04-01' },
      rule: 'publisher_effective_window',
      timeline: 'windowed',
      freshness: null,
      loaded: true,
    },
  ],
} as unknown as SourceInForce;

const window = (from: string, to: string | null = null): RevisionWindow => ({
  status: 'known',
  from,
  to,
  end_basis: to ? 'rev_end_date' : null,
  superseded_by: null,
});

let record = 0;
function fact(over: Partial<McdDocumentationValue> & { doc_version: number }): StoredFact {
  const value: McdDocumentationValue = {
    doc_type: 'lcd',
    doc_id: 39903,
    display_id: 'L39903',
    title: 'Manual Wheelchair Bases',
    status: 'A',
    listed_as: 'K0001',
    range: false,
    code_group: 1,
    coverage_meaning: 'stated_in_paragraph',
    code_group_paragraph: 'Manual wheelchair bases:',
    revision_window: window('2024-10-01'),
    contractors: [{ contractor_id: 911, contractor_number: '16913', name: 'K', states: ['NY', 'PA'] }],
    states: ['NY', 'PA'],
    missing_tables: [],
    ...over,
  };
  const origin = {
    source_id: 'cms_mcd',
    doc_id: 'mcd:2',
    version_id: 7,
    sha256: SHA,
    name: 'lcd_x_hcpc_code.csv',
    locator: { line: ++record + 1, record },
  };
  return {
    key: 'K0001',
    kind: value.doc_type,
    source_id: 'cms_mcd',
    doc_id: 'mcd:2',
    version_id: 7,
    sha256: SHA,
    name: 'lcd_x_hcpc_code.csv',
    value: { ...value },
    origin,
    related: [],
  };
}

const run = (facts: StoredFact[], asOf: string, state = 'NY') =>
  documentationBlock({ code: 'K0001', asOf, state, source: mcd, facts, ctx });
const versions = (b: ReturnType<typeof run>) => b.facts.map((f) => `${f.value.display_id} v${f.value.doc_version}`);

describe('documentation block', () => {
  const v12 = fact({ doc_version: 12, revision_window: window('2024-10-01', '2025-04-14') });
  const v13 = fact({ doc_version: 13, revision_window: window('2025-04-15') });

  it('cites only the revision whose window contains the date: last day of one, first day of the next', () => {
    expect(versions(run([v12, v13], '2025-04-14'))).toEqual(['L39903 v12']);
    expect(versions(run([v12, v13], '2025-04-15'))).toEqual(['L39903 v13']);
    expect(run([v12, v13], '2025-04-15').status).toBe('held');
  });

  it('a code listed only by revisions not in force is not_in_force_on_date, naming their windows', () => {
    const b = run([v13], '2025-04-14');
    expect(b.status).toBe('gap');
    expect(b.gaps).toEqual([
      expect.objectContaining({
        reason: 'not_in_force_on_date',
        detail: expect.stringContaining('L39903 v13 (2025-04-15 to open)'),
      }),
    ]);
    const retired = fact({
      doc_id: 39902,
      display_id: 'L39902',
      doc_version: 3,
      revision_window: { ...window('2023-07-01', '2025-07-10'), end_basis: 'date_retired' },
    });
    expect(versions(run([retired], '2025-07-10'))).toEqual(['L39902 v3']);
    expect(run([retired], '2025-07-11').gaps[0]).toMatchObject({
      reason: 'not_in_force_on_date',
      detail: expect.stringContaining('2023-07-01 to 2025-07-10 (date retired)'),
    });
  });

  it('of overlapping revisions of one document, only the latest start (then highest version) is cited', () => {
    const old = fact({ doc_version: 5, revision_window: window('2025-01-01') });
    const newer = fact({ doc_version: 6, revision_window: window('2025-04-01') });
    const article = fact({ doc_type: 'article', doc_id: 59903, display_id: 'A59903', doc_version: 4 });
    const sel = selectDocumentation([old, newer, article], '2025-04-10', 'NY');
    expect(sel.cited.map((f) => f.value.doc_version)).toEqual([6, 4]);
  });

  it('a state the contractors do not serve is not cited and not a gap of its own', () => {
    const b = run([v13], '2025-04-20', 'FL');
    expect(b.facts).toEqual([]);
    expect(b.gaps.map((g) => g.reason)).toEqual(['code_not_in_version']);
  });

  it('without the contractor-to-state table the answer is jurisdiction_not_archived naming it, never "not listed"', () => {
    const noJur = fact({
      doc_version: 13,
      revision_window: window('2025-04-15'),
      states: null,
      contractors: [{ contractor_id: 911, contractor_number: '16913', name: 'K', states: null }],
      missing_tables: ['contractor_jurisdiction'],
    });
    const b = run([noJur], '2025-04-20');
    expect(b.status).toBe('gap');
    expect(b.facts).toEqual([]);
    expect(b.gaps).toEqual([
      {
        kind: 'coverage_document',
        reason: 'jurisdiction_not_archived',
        detail: expect.stringMatching(/^L39903 v13 list K0001.*contractor_jurisdiction\.csv is not archived.*serve NY/),
        source_id: 'cms_mcd',
        doc_id: 'mcd:12',
      },
    ]);
    // Out of window anyway: the date decides, whatever the state.
    expect(run([noJur], '2025-04-01').gaps.map((g) => g.reason)).toEqual(['not_in_force_on_date']);
  });

  it('a revision whose dates are not known is revision_window_unknown, never cited; others still are (partial)', () => {
    const unknown = fact({
      doc_id: 33312,
      display_id: 'L33312',
      doc_version: 40,
      revision_window: {
        status: 'document_table_not_archived',
        from: null,
        to: null,
        end_basis: null,
        superseded_by: null,
      },
      missing_tables: ['lcd'],
    });
    const b = run([unknown, v13], '2025-04-20');
    expect(b.status).toBe('partial');
    expect(versions(b)).toEqual(['L39903 v13']);
    expect(b.gaps).toEqual([
      expect.objectContaining({
        reason: 'revision_window_unknown',
        detail: expect.stringContaining('L33312 v40 (lcd.csv is not archived for this release)'),
      }),
    ]);
    // A fact loaded before revision windows were stored has none: unknown, not in force.
    const legacy = fact({ doc_version: 13 });
    delete (legacy.value as Record<string, unknown>).revision_window;
    expect(run([legacy], '2025-04-20').gaps[0]!.reason).toBe('revision_window_unknown');
  });

  it('carries the code group, its paragraph and coverage meaning on each cited fact', () => {
    const nonCovered = fact({
      doc_id: 39901,
      display_id: 'L39901',
      doc_version: 7,
      listed_as: 'A9279',
      code_group: 3,
      code_group_paragraph: 'GROUP 3 CODES: The following items are non-covered',
      revision_window: window('2025-07-01'),
    });
    const [f] = run([nonCovered], '2025-07-05').facts;
    expect(f!.value).toMatchObject({
      code_group: 3,
      coverage_meaning: 'stated_in_paragraph',
      code_group_paragraph: 'GROUP 3 CODES: The following items are non-covered',
    });
  });

  it('needs a state', () => {
    const b = documentationBlock({ code: 'K0001', asOf: '2025-04-20', source: mcd, facts: [v13], ctx });
    expect(b.gaps[0]!.reason).toBe('state_required');
  });
});
