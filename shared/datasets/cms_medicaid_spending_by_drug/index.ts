import { defineSource } from '../module';
import { medicaidSpendingFeed } from './feed';
import { source } from './source';

/** Medicaid Spending by Drug: spending per drug, manufacturer and year (GET /rx/spending). */
export default defineSource({ source, datasets: [medicaidSpendingFeed] });
