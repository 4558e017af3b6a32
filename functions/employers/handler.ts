import { lambdaHandler } from '../lambda';
import { employersGroup } from './routes';

export const handler = lambdaHandler(employersGroup);
