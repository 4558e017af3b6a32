// Stands in for @modelcontextprotocol/sdk's validation/ajv-provider.js in the Lambda bundles
// (scripts/build.mjs, mcpWithoutAjv). The SDK's server uses a JSON Schema validator only to check
// answers to elicitation requests; this server never elicits and passes its own validator
// (shared/mcp/server.ts), so the class is never constructed.
export class AjvJsonSchemaValidator {
  getValidator() {
    throw new Error('JSON Schema validation is not bundled: the MCP server does not elicit');
  }
}
