import { buildApp } from '../../shared/app/build';
import type { RouteGroup } from '../../shared/http/app';
import type { ToolSpec } from '../../shared/http/tool-spec';
import { resolveTools } from '../../shared/mcp/tool-catalog';
import type { ToolCatalogFile } from '../../shared/mcp/tool-entry';
import { ALL_GROUPS } from '../groups';
import { GENERATED_MARK, offlineDeps } from '../openapi';

/** The groups declaring tools (RouteGroup.tools), in mount order: a catalog group's tools join when it lands. */
export const TOOL_GROUPS: readonly RouteGroup[] = ALL_GROUPS.filter((g) => (g.tools?.length ?? 0) > 0);

/** Every declared tool, in group order. */
export const TOOL_SPECS: readonly ToolSpec[] = TOOL_GROUPS.flatMap((g) => g.tools ?? []);

/** functions/mcp/tools.generated.json: each tool's definition and call plan, from the routes themselves. */
export function buildToolCatalog(): ToolCatalogFile {
  return { 'x-generated': GENERATED_MARK, tools: resolveTools(buildApp(TOOL_GROUPS, offlineDeps()), TOOL_SPECS) };
}
