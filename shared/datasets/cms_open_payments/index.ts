import { defineSource } from '../module';
import { openPaymentsDataset } from './dataset';
import { cmsOpenPayments } from './source';

export default defineSource({ source: cmsOpenPayments, datasets: [openPaymentsDataset] });
