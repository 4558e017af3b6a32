import type { ResolvedTool, ToolCatalogFile } from '../../shared/mcp/tool-entry';
import catalog from './tools.generated.json';

/**
 * The tools /mcp and the stdio server offer: the generated catalog (`npm run generate` writes it
 * from every group's RouteGroup.tools and the routes' own schemas, ./catalog.ts; `npm test` fails
 * when it is stale). Read as data, so the function answering /mcp bundles none of the routes.
 */
export const MCP_TOOLS: readonly ResolvedTool[] = (catalog as unknown as ToolCatalogFile).tools;
