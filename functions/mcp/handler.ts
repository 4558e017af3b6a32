import { ConfigError } from '../../shared/config';
import { lambdaHandlerOf } from '../lambda-shell';
import { mcpGroup } from './routes';

/**
 * The agent-tool surface's Lambda: it serves /mcp alone, so its tool calls go to the deployment's
 * own endpoint (MCP_UPSTREAM_URL, set by the API stack); without it every call would miss.
 */
export const handler = lambdaHandlerOf(mcpGroup, (config) => {
  if (!config.mcp.upstreamUrl) {
    throw new ConfigError(
      'MCP_UPSTREAM_URL',
      'the API endpoint tool calls go to; the API stack sets it on this function',
    );
  }
});
