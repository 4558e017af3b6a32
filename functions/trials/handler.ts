import { lambdaHandler } from '../lambda';
import { trialsGroup } from './routes';

export const handler = lambdaHandler(trialsGroup);
