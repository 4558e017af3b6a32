import type { Fact } from './schema';

/**
 * A fact in one sentence with the values it rests on, for people reading an appeal exhibit: a
 * contractor's reviewer should see the fee amounts and modifiers, the MUE value and its
 * indicator, the PTP modifier indicator, the LCD id, title and group, and the exclusion result
 * without reading JSON. Values come from the fact as served; nothing is looked up again.
 */
export interface FactSummary {
  statement: string;
  values: Record<string, unknown>;
}

type V = Record<string, unknown>;

const str = (x: unknown): string | null => (x === null || x === undefined || x === '' ? null : String(x));

/** A money cell as served: an amount, or why there is none (`not_applicable` names the column's reason). */
function money(v: V, column: string): string {
  const x = v[column];
  if (typeof x === 'number') return `$${x.toFixed(2)}`;
  return (v.not_applicable as V | undefined)?.[column] ? 'not applicable' : 'not published';
}

const pick = (v: V, keys: readonly string[]): V => Object.fromEntries(keys.filter((k) => k in v).map((k) => [k, v[k]]));

export function summarizeFact(f: Fact, state: string | null): FactSummary {
  const v = f.value;
  switch (f.kind) {
    case 'hcpcs_code': {
      const keys = [
        'code',
        'status_on_date',
        'coverage_code',
        'action_code',
        'add_date',
        'termination_date',
        'short_description',
      ];
      const desc = str(v.short_description) ? ` (${v.short_description})` : '';
      return {
        statement: `HCPCS ${v.code}${desc}: ${v.status_on_date ?? 'status unknown'} on the date of service; coverage code ${v.coverage_code ?? 'none'}, action code ${v.action_code ?? 'none'}, added ${v.add_date ?? 'unknown'}${v.termination_date ? `, terminated ${v.termination_date}` : ''}.`,
        values: pick(v, keys),
      };
    }
    case 'dmepos_fee': {
      const mods = [v.modifier, v.modifier2].filter(Boolean).join('-') || 'no modifier';
      const where = str(v.state) ?? state ?? 'the state';
      return {
        statement: `DMEPOS fee schedule (${v.schedule ?? 'dmepos'}), ${v.code} ${mods} in ${where}: non-rural ${money(v, 'non_rural')}, rural ${money(v, 'rural')}; ceiling ${money(v, 'ceiling')}, floor ${money(v, 'floor')}${v.moot_on_date ? ' (moot on the date of service: see fee_moot)' : ''}${v.selected_because ? `. Selected: ${v.selected_because}` : ''}.`,
        values: pick(v, [
          'code',
          'schedule',
          'modifier',
          'modifier2',
          'state',
          'non_rural',
          'rural',
          'ceiling',
          'floor',
          'not_applicable',
          'selected',
          'moot_on_date',
          'category',
          'jurisdiction',
        ]),
      };
    }
    case 'mue': {
      const ind = str(v.adjudication_indicator_text) ?? str(v.adjudication_indicator);
      return {
        statement: `MUE, ${String(v.setting ?? 'setting unknown').replace(/_/g, ' ')}: ${v.code} at most ${v.mue_value} unit(s) (MAI ${v.adjudication_indicator}: ${ind})${v.rationale ? `; rationale: ${v.rationale}` : ''}${(v.units_check as V | undefined)?.detail ? `; ${(v.units_check as V).detail}` : ''}`,
        values: pick(v, [
          'code',
          'setting',
          'mue_value',
          'adjudication_indicator',
          'adjudication_indicator_text',
          'rationale',
          'units_check',
        ]),
      };
    }
    case 'ptp': {
      return {
        statement: `NCCI PTP edit${v.setting ? ` (${v.setting})` : ''}: column 1 ${v.column1}, column 2 ${v.column2}; effective ${v.effective_date ?? 'unknown'}, ${v.deletion_date ? `deleted ${v.deletion_date}` : 'not deleted'}; modifier indicator ${v.modifier_indicator} (${ptpModifierMeaning(v.modifier_indicator)})${v.rationale ? `; rationale: ${v.rationale}` : ''}.`,
        values: pick(v, [
          'column1',
          'column2',
          'setting',
          'effective_date',
          'deletion_date',
          'modifier_indicator',
          'rationale',
        ]),
      };
    }
    case 'lcd':
    case 'article': {
      const label = f.kind === 'lcd' ? 'LCD' : 'Article';
      const group = v.code_group ?? v.group ?? null;
      const meaning = str(v.coverage_meaning) ?? str(v.covered) ?? null;
      return {
        statement: `${label} ${v.display_id ?? v.doc_id} version ${v.doc_version}${v.title ? ` “${v.title}”` : ''} lists ${v.listed_as ?? 'the code'}${group !== null ? ` in code group ${group}` : ''}${meaning ? ` (${String(meaning).replace(/_/g, ' ')})` : ''}.`,
        values: pick(v, [
          'doc_type',
          'display_id',
          'doc_id',
          'doc_version',
          'title',
          'status',
          'code_group',
          'coverage_meaning',
          'group_paragraph',
          'paragraph',
          'revision_effective_date',
          'revision_end_date',
          'contractors',
          'states',
        ]),
      };
    }
    case 'leie': {
      const excluded =
        v.excluded_on_date === true ? 'EXCLUDED on the date of service' : 'not excluded on the date of service';
      const match = (v.match as V | undefined)?.method;
      return {
        statement: `OIG LEIE: ${v.name}${v.exclusion_type ? `, exclusion ${v.exclusion_type}` : ''} from ${v.exclusion_date ?? 'unknown'}${v.reinstatement_date ? `, reinstated ${v.reinstatement_date}` : ''}${match ? `; matched by ${String(match).replace(/_/g, ' + ')}` : ''}: ${excluded}${v.waiver_applies ? ` (OIG waiver for ${v.waiver_state} from ${v.waiver_date})` : ''}.`,
        values: pick(v, [
          'npi',
          'name',
          'exclusion_type',
          'exclusion_date',
          'reinstatement_date',
          'match',
          'excluded_on_date',
          'waiver_date',
          'waiver_state',
          'waiver_applies',
        ]),
      };
    }
    case 'fee_moot':
      return {
        statement: `Fee moot: ${v.detail}`,
        values: pick(v, ['code', 'reasons', 'status_on_date', 'termination_date', 'coverage_code', 'coverage_meaning']),
      };
    case 'leie_not_listed':
      return {
        statement: `OIG LEIE: NPI ${v.npi} is on no row in force, searched by NPI and by the registry’s names for it: not excluded on the date of service.`,
        values: pick(v, ['npi', 'excluded_on_date', 'searched_by']),
      };
    default:
      return {
        statement: `${f.kind.replace(/_/g, ' ')}: ${str(v.detail) ?? str(v.reason) ?? JSON.stringify(v).slice(0, 300)}`,
        values: v,
      };
  }
}

/** NCCI PTP modifier indicator, as CMS defines it. */
export function ptpModifierMeaning(x: unknown): string {
  switch (Number(x)) {
    case 0:
      return 'no modifier allows the pair';
    case 1:
      return 'an NCCI-associated modifier allows the pair when clinically appropriate';
    case 9:
      return 'not applicable: the edit was deleted effective its effective date';
    default:
      return 'unknown';
  }
}
