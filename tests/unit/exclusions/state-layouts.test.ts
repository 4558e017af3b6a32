import { getDataset } from '../../../shared/catalog/datasets';
import { STATE_EXCLUSIONS, stateOfSource, stateSources } from '../../../shared/exclusions/datasets';
import { parserFor } from '../../../shared/sources/registry';
import { stateExclusionsDataset } from '../../../shared/state-exclusions/dataset';
import { declareStateList, layoutsOf } from '../../../shared/state-exclusions/lists';

/**
 * Across the state lists (each one folder, shared/datasets/state_exclusions_<st>/, whose own tests
 * read its fixtures and real list): what the installed sources declare, read from the registry.
 */
describe('state exclusion lists, as installed', () => {
  const sources = stateSources();

  it('installs every state folder as one source of the state exclusions dataset', () => {
    expect(sources.map((s) => stateOfSource(s.sourceId))).toEqual(
      expect.arrayContaining(['AZ', 'CA', 'KY', 'NJ', 'NY', 'PA', 'TN', 'WA']),
    );
    expect(getDataset(STATE_EXCLUSIONS)).toBe(stateExclusionsDataset);
    const docs = stateExclusionsDataset.docs.map((d) => `${d.sourceId} ${d.docId}`);
    expect(docs).toEqual(sources.flatMap((s) => s.docs.map((d) => `${s.sourceId} ${d.docId}`)));
    for (const s of sources)
      for (const d of s.docs) expect(d.docId.startsWith(`stx_${s.sourceId.slice(-2)}:`)).toBe(true);
  });

  it('has at least four states, each with one layout per file shape, and none for unsupported files', () => {
    const layouts = sources.flatMap(layoutsOf);
    expect(new Set(layouts.map((l) => l.state)).size).toBeGreaterThanOrEqual(4);
    for (const s of sources)
      for (const l of layoutsOf(s)) expect([l.sourceId, l.state]).toEqual([s.sourceId, stateOfSource(s.sourceId)]);
    expect(parserFor('state_exclusions_nj', 'Debarment.txt')).toBeUndefined();
    expect(parserFor('state_exclusions_tn', 'provider-enrollment-notice.pdf')).toBeUndefined();
  });

  it('schedules exactly the state lists a layout reads (issue 24 point 1: all sixteen); a list without one would be exempt', () => {
    const scheduled = sources.filter((s) => s.cadence.cadence !== 'exempt').map((s) => s.sourceId);
    expect(scheduled).toEqual(sources.filter((s) => layoutsOf(s).length > 0).map((s) => s.sourceId));
    expect(scheduled).toHaveLength(16);
    expect(sources.filter((s) => s.cadence.cadence === 'exempt')).toEqual([]);
    expect(sources.find((s) => s.sourceId === 'state_exclusions_oh')!.cadence).toEqual({ cadence: 'weekly' });
    expect(sources.find((s) => s.sourceId === 'state_exclusions_ny')!.cadence).toEqual({ cadence: 'monthly' });
    const unread = declareStateList({
      st: 'zz',
      publisher: 'p',
      title: 't',
      urls: [],
      docs: [{ title: 'x', match: /x/ }],
    });
    expect(unread.cadence.cadence).toBe('exempt');
  });

  it('reads a file with the parser its document declares, as the catalog dataset does', () => {
    const ny = stateExclusionsDataset.parserFor({
      source_id: 'state_exclusions_ny',
      doc_id: 'stx_ny:1',
      name: 'nyomig-0.txt',
    });
    expect(ny).toBe(parserFor('state_exclusions_ny', 'nyomig-0.txt'));
    expect(ny?.id).toBe('state_exclusions_ny/omig-txt');
    expect(
      stateExclusionsDataset.parserFor({ source_id: 'oig_leie', doc_id: 'leie:1', name: 'x.txt' }),
    ).toBeUndefined();
  });
});
