/** The published contract's version: the OpenAPI document's info.version and the MCP server's. */
export const CONTRACT_VERSION = 'v1';
