import { lambdaHandler } from '../lambda';
import { hospitalsGroup } from './routes';

export const handler = lambdaHandler(hospitalsGroup);
