import { defineSource } from '../module';
import { partdSpendingFeed } from './feed';
import { source } from './source';

/** Medicare Part D Spending by Drug: spending per drug, manufacturer and year (GET /rx/spending). */
export default defineSource({ source, datasets: [partdSpendingFeed] });
