import { lambdaHandler } from '../lambda';
import { exclusionsGroup } from './routes';

export const handler = lambdaHandler(exclusionsGroup);
