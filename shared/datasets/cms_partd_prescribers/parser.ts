import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, Located, ParseOptions, PublisherParser } from '../../publishers/common/types';
import { amount, text } from '../../publishers/common/values';
import { PARTD_PRESCRIBER_PARSER_HEAD } from './head';

const ID = PARTD_PRESCRIBER_PARSER_HEAD.id;

/**
 * One row of the by-Provider-and-Drug file as published (data years 2013 on, the layout CMS has
 * used since the 2021 re-release: `Prscrbr_*`, `Tot_*`, `GE65_*` names): numbers as published,
 * suppressed cells null. `data_year` comes from the file name (`..._DY22_NPIBN.csv`: 2022), as the
 * file carries no year column.
 */
export interface PartdPrescriberRecord extends Located {
  data_year: number | null;
  npi: string;
  prescriber_last_org_name: string | null;
  prescriber_first_name: string | null;
  prescriber_city: string | null;
  prescriber_state: string | null;
  prescriber_state_fips: string | null;
  prescriber_type: string | null;
  brnd_name: string;
  gnrc_name: string;
  tot_clms: number;
  tot_30day_fills: number | null;
  tot_day_suply: number | null;
  tot_drug_cst: number | null;
  tot_benes: number | null;
  ge65_sprsn_flag: string | null;
  ge65_tot_clms: number | null;
  ge65_tot_30day_fills: number | null;
  ge65_tot_drug_cst: number | null;
  ge65_tot_day_suply: number | null;
  ge65_bene_sprsn_flag: string | null;
  ge65_tot_benes: number | null;
}

/** Columns by name; the first of several names found wins (case and spacing ignored). */
const COLUMNS = {
  npi: ['Prscrbr_NPI'],
  last: ['Prscrbr_Last_Org_Name'],
  first: ['Prscrbr_First_Name'],
  city: ['Prscrbr_City'],
  state: ['Prscrbr_State_Abrvtn'],
  stateFips: ['Prscrbr_State_FIPS'],
  type: ['Prscrbr_Type'],
  brand: ['Brnd_Name'],
  generic: ['Gnrc_Name'],
  clms: ['Tot_Clms'],
  fills: ['Tot_30day_Fills'],
  days: ['Tot_Day_Suply'],
  cost: ['Tot_Drug_Cst'],
  benes: ['Tot_Benes'],
  ge65Flag: ['GE65_Sprsn_Flag'],
  ge65Clms: ['GE65_Tot_Clms'],
  ge65Fills: ['GE65_Tot_30day_Fills'],
  ge65Cost: ['GE65_Tot_Drug_Cst'],
  ge65Days: ['GE65_Tot_Day_Suply'],
  ge65BeneFlag: ['GE65_Bene_Sprsn_Flag'],
  ge65Benes: ['GE65_Tot_Benes'],
} as const;
const REQUIRED: readonly (keyof typeof COLUMNS)[] = ['npi', 'brand', 'generic', 'clms', 'state'];

const DATA_YEAR = /_DY(\d{2})_/i;

export function dataYearOf(fileName: string | undefined): number | null {
  const m = fileName ? DATA_YEAR.exec(fileName) : null;
  return m ? 2000 + Number(m[1]) : null;
}

async function* parsePrescribers(input: ByteInput, options?: ParseOptions): AsyncGenerator<PartdPrescriberRecord> {
  const dataYear = dataYearOf(options?.fileName);
  let pos: Record<keyof typeof COLUMNS, number> | null = null;
  let count = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields;
    if (!pos) {
      const h = new HeaderIndex(f, ID, rec.line);
      pos = Object.fromEntries(Object.entries(COLUMNS).map(([k, names]) => [k, h.find(...names)])) as Record<
        keyof typeof COLUMNS,
        number
      >;
      for (const k of REQUIRED) if (pos[k] < 0) h.require(COLUMNS[k][0]);
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = (k: keyof typeof COLUMNS) => text(at(f, pos![k]));
    const n = (k: keyof typeof COLUMNS) => amount(at(f, pos![k]), ID, rec.line);
    const npi = g('npi') ?? '';
    if (!/^\d{10}$/.test(npi))
      throw new PublisherFormatError(ID, rec.line, `Prscrbr_NPI ${JSON.stringify(npi)} is not 10 digits`);
    const clms = n('clms');
    if (clms === null) throw new PublisherFormatError(ID, rec.line, 'Tot_Clms is empty');
    yield {
      data_year: dataYear,
      npi,
      prescriber_last_org_name: g('last'),
      prescriber_first_name: g('first'),
      prescriber_city: g('city'),
      prescriber_state: g('state'),
      prescriber_state_fips: g('stateFips'),
      prescriber_type: g('type'),
      brnd_name: (g('brand') ?? '').toUpperCase(),
      gnrc_name: (g('generic') ?? '').toUpperCase(),
      tot_clms: clms,
      tot_30day_fills: n('fills'),
      tot_day_suply: n('days'),
      tot_drug_cst: n('cost'),
      tot_benes: n('benes'),
      ge65_sprsn_flag: g('ge65Flag'),
      ge65_tot_clms: n('ge65Clms'),
      ge65_tot_30day_fills: n('ge65Fills'),
      ge65_tot_drug_cst: n('ge65Cost'),
      ge65_tot_day_suply: n('ge65Days'),
      ge65_bene_sprsn_flag: g('ge65BeneFlag'),
      ge65_tot_benes: n('ge65Benes'),
      locator: { line: rec.line, record: ++count },
    };
  }
  if (!pos) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

export const partdPrescriberParser: PublisherParser<PartdPrescriberRecord> = {
  ...PARTD_PRESCRIBER_PARSER_HEAD,
  parse: (input, options) => parsePrescribers(input, options),
  codesOf: () => [],
};
