/**
 * The parsers of the HCRIS Hospital 2552-10 tables, one lazy file of the API bundles (./head.ts holds
 * what the declarations need): RPT (./rpt.ts), NMRC and ALPHA (./cells.ts), provider ID info (./providers.ts).
 */
export { alphaParser, nmrcParser } from './cells';
export { providerParser } from './providers';
export { rptParser } from './rpt';
