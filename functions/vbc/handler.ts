import { lambdaHandler } from '../lambda';
import { vbcGroup } from './routes';

export const handler = lambdaHandler(vbcGroup);
