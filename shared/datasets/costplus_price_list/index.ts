import { defineSource } from '../module';
import { priceListDataset, pricingFormulaDataset } from './dataset';
import { costplusPriceList } from './source';

/** Cost Plus Drugs' public price list and its published pricing formula: /rx/price-list. */
export default defineSource({ source: costplusPriceList, datasets: [priceListDataset, pricingFormulaDataset] });
