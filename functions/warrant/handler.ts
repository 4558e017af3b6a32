import { lambdaHandler } from '../lambda';
import { warrantGroup } from './routes';

export const handler = lambdaHandler(warrantGroup);
