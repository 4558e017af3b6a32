import { lambdaHandler } from '../lambda';
import { subscriptionsGroup } from './routes';

export const handler = lambdaHandler(subscriptionsGroup);
