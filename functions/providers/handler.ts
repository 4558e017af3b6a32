import { lambdaHandler } from '../lambda';
import { providersGroup } from './routes';

export const handler = lambdaHandler(providersGroup);
