import { lambdaHandler } from '../lambda';
import { adminGroup } from './routes';

export const handler = lambdaHandler(adminGroup);
