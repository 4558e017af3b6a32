import type { RouteGroup } from '../../shared/http/app';
import { archiveGroup } from '../archive/routes';
import { exclusionsGroup } from '../exclusions/routes';
import { trialsGroup } from '../trials/routes';
import { vbcGroup } from '../vbc/routes';
import { warrantGroup } from '../warrant/routes';

/**
 * The groups whose declared tools (RouteGroup.tools) the agent-tool surface serves. Tool calls are
 * answered by these groups, built in the MCP function's own app, so a catalog group joins the list
 * when it lands with tools of its own.
 */
export const MCP_TARGETS: readonly RouteGroup[] = [warrantGroup, archiveGroup, exclusionsGroup, vbcGroup, trialsGroup];

/** Every tool the targets declare, in group order. */
export const MCP_TOOL_SPECS = MCP_TARGETS.flatMap((g) => g.tools ?? []);
