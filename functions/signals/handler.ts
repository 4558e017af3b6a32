import { lambdaHandler } from '../lambda';
import { signalsGroup } from './routes';

export const handler = lambdaHandler(signalsGroup);
