/**
 * An endpoint offered to AI agents as a Model Context Protocol tool. A group declares its tools
 * beside its routes (RouteGroup.tools); the agent-tool surface (shared/mcp) takes the input schema,
 * title and description from the route itself and calls it through the same app, so the key,
 * entitlement, quota, validation and problem details are the API's own.
 */
export interface ToolSpec {
  /** The tool name: lower case letters and underscores, unique across groups. */
  readonly name: string;
  readonly method: 'get' | 'post';
  /** The route's path as registered (`/exclusions/comprehensive/{npi}`). */
  readonly path: string;
  /** What a successful answer proves, and what a gap in it means; appended to the route's description. */
  readonly proves: string;
  /** The answer is signed (Ed25519 over RFC 8785 JSON): the tool says to hand its text to a verifier unchanged. */
  readonly signed?: boolean;
}

/** A ToolSpec literal, checked. */
export function tool(spec: ToolSpec): ToolSpec {
  if (!/^[a-z][a-z0-9_]{0,63}$/.test(spec.name)) throw new Error(`tool name ${spec.name}: [a-z][a-z0-9_]*`);
  return spec;
}
