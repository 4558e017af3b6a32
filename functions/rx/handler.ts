import { lambdaHandler } from '../lambda';
import { rxGroup } from './routes';

export const handler = lambdaHandler(rxGroup);
