import type { RouteGroup } from '../shared/http/app';
import { adminGroup } from './admin/routes';
import { archiveGroup } from './archive/routes';
import { employersGroup } from './employers/routes';
import { exclusionsGroup } from './exclusions/routes';
import { fdaGroup } from './fda/routes';
import { hospitalsGroup } from './hospitals/routes';
import { mcpGroup } from './mcp/routes';
import { metaGroup } from './meta/routes';
import { platformGroup } from './platform/routes';
import { providersGroup } from './providers/routes';
import { rxGroup } from './rx/routes';
import { signalsGroup } from './signals/routes';
import { subscriptionsGroup } from './subscriptions/routes';
import { trialsGroup } from './trials/routes';
import { vbcGroup } from './vbc/routes';
import { warrantGroup } from './warrant/routes';

/** Every endpoint group, in mount order. Each is one Lambda on AWS; `npm start` mounts them all. */
export const ALL_GROUPS: readonly RouteGroup[] = [
  metaGroup,
  platformGroup,
  adminGroup,
  warrantGroup,
  subscriptionsGroup,
  archiveGroup,
  exclusionsGroup,
  vbcGroup,
  trialsGroup,
  signalsGroup,
  hospitalsGroup,
  providersGroup,
  rxGroup,
  fdaGroup,
  employersGroup,
  mcpGroup,
];
