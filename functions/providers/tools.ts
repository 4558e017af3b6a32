import type { ToolSpec } from '../../shared/http/tool-spec';
import { LICENSE_TOOLS } from './license-tools';

/** The provider reads as agent tools (shared/mcp); each area spreads its own array in here. */
export const PROVIDERS_TOOLS: readonly ToolSpec[] = [...LICENSE_TOOLS];
