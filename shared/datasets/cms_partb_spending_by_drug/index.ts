import { defineSource } from '../module';
import { partbSpendingFeed } from './feed';
import { source } from './source';

/** Medicare Part B Spending by Drug: spending per HCPCS drug, manufacturer and year (GET /rx/spending). */
export default defineSource({ source, datasets: [partbSpendingFeed] });
