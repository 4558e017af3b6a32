import { lambdaHandler } from '../lambda';
import { archiveGroup } from './routes';

export const handler = lambdaHandler(archiveGroup);
