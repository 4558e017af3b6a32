import { z } from '@hono/zod-openapi';
import { defineDataset } from '../../catalog/dataset';
import { SEC_COMPANIES, SEC_FACTS, type SecCompanyRow, type SecFactsRow } from '../../companies/company-rows';
import { factsParser, submissionsParser, tickersParser } from './source';

const words = (s: string) => s.toLowerCase().match(/[a-z0-9]{2,}/g) ?? [];

/** The fields the companies listings filter and sort on, typed for query strings. */
const ListedSchema = z.object({
  kind: z.string(),
  cik: z.string(),
  sort_name: z.string(),
  sic: z.string().nullable(),
  state_of_incorporation: z.string().nullable(),
  filing_date: z.string().nullable(),
});

/**
 * Companies and their M&A filings: every ticker of company_tickers.json (`kind` ticker), the
 * healthcare filers of submissions.zip (`company`) and their 8-K item 2.01 filings (`ma_filing`).
 * Found by CIK and by ticker; listed per kind (`companies` by name, `ma_filings` by filing date),
 * so a listing read touches only the rows of its kind.
 */
export const secCompaniesDataset = defineDataset<SecCompanyRow>({
  id: SEC_COMPANIES,
  title: 'SEC EDGAR companies (healthcare SIC codes) and their 8-K acquisition and disposition filings',
  loaderVersion: '1',
  docs: [
    { sourceId: 'sec_edgar', docId: 'sec:1', mode: 'snapshot' },
    { sourceId: 'sec_edgar', docId: 'sec:2', mode: 'snapshot' },
  ],
  parserFor: (f) =>
    f.source_id !== 'sec_edgar'
      ? undefined
      : f.doc_id === 'sec:1'
        ? tickersParser
        : f.doc_id === 'sec:2'
          ? submissionsParser
          : undefined,
  schema: ListedSchema,
  indexes: [
    { name: 'cik', keys: (r) => [r.cik] },
    { name: 'ticker', keys: (r) => (r.kind === 'ma_filing' ? [] : r.tickers) },
  ],
  tokens: (r) =>
    r.kind === 'company' ? [...new Set([...words(r.name), ...r.tickers.map((t) => t.toLowerCase())])] : [],
  listings: {
    companies: {
      description:
        'Rows in name order (then version and record: unique), per kind and whole (the word search reads the whole copy; only company rows have words).',
      sort: { field: 'sort_name', type: 'string' },
      partitionBy: ['kind'],
      filters: { kind: 'eq', sic: 'eq', state_of_incorporation: 'eq', sort_name: 'token' },
    },
    ma_filings: {
      description: '8-K item 2.01 filings, newest filing date first.',
      sort: { field: 'filing_date', type: 'date' },
      direction: 'desc',
      partitionBy: ['kind'],
      partitionRequired: true,
      filters: { kind: 'eq', filing_date: 'range' },
    },
  },
});

/**
 * XBRL company facts: one row per filer, concept and unit (the facts SEC placed in a calendar frame),
 * found by CIK. No listing: the reads are per company.
 */
export const secFactsDataset = defineDataset<SecFactsRow>({
  id: SEC_FACTS,
  title: 'SEC EDGAR XBRL company facts (financial measures)',
  loaderVersion: '1',
  docs: [{ sourceId: 'sec_edgar', docId: 'sec:3', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'sec_edgar' && f.doc_id === 'sec:3' ? factsParser : undefined),
  indexes: [{ name: 'cik', keys: (r) => [r.cik] }],
});
