/**
 * The catalog group (`CatalogDataset.group`) of the drug economics datasets: a dataset joins
 * /rx/summary (./summary.ts) from its own folder by declaring it.
 */
export const RX_DATASET_GROUP = 'drug_economics';
