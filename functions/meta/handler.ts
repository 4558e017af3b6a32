import { lambdaHandler } from '../lambda';
import { metaGroup } from './routes';

export const handler = lambdaHandler(metaGroup);
