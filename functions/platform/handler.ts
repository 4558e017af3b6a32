import { lambdaHandler } from '../lambda';
import { platformGroup } from './routes';

export const handler = lambdaHandler(platformGroup);
