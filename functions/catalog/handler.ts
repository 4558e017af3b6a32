import { lambdaHandler } from '../lambda';
import { catalogGroup } from './routes';

export const handler = lambdaHandler(catalogGroup);
