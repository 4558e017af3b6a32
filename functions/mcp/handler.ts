import { lambdaHandler } from '../lambda';
import { mcpGroup } from './routes';

export const handler = lambdaHandler(mcpGroup);
