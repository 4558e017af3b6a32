import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolSpec } from '../http/tool-spec';
import type { JsonSchema } from './path-check';

/**
 * A tool as the server offers it, with what calling it needs: the route's parameters by place.
 * Plain JSON: `npm run generate` writes the catalog (functions/mcp/tools.generated.json, built by
 * ./tool-catalog.ts from the routes' zod schemas), so the function answering /mcp carries the
 * catalog and none of the routes it describes.
 */
export interface ResolvedTool {
  spec: ToolSpec;
  definition: Tool;
  pathParams: readonly string[];
  /** The route's own schema of each path parameter: a tool argument must pass it before it is put in a path. */
  pathSchemas: Readonly<Record<string, JsonSchema>>;
  queryParams: readonly string[];
  /** The route takes a JSON body: the arguments other than path and query parameters are the body. */
  body: boolean;
}

/** The generated catalog's file. */
export interface ToolCatalogFile {
  'x-generated': string;
  tools: ResolvedTool[];
}
