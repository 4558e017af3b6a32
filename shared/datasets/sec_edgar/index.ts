import { defineSource } from '../module';
import { secCompaniesDataset, secFactsDataset } from './dataset';
import { source } from './source';

/** SEC EDGAR: healthcare public companies, their XBRL financial facts and 8-K M&A filings. */
export default defineSource({ source, datasets: [secCompaniesDataset, secFactsDataset] });
