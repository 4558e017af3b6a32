import { lambdaHandler } from '../lambda';
import { fdaGroup } from './routes';

export const handler = lambdaHandler(fdaGroup);
