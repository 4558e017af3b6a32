import type { ToolSpec } from '../../shared/http/tool-spec';
import { DAC_TOOLS } from './dac-tools';
import { LICENSE_TOOLS } from './license-tools';
import { QUALITY_TOOLS } from './quality-tools';

/** The provider reads as agent tools (shared/mcp); each area spreads its own array in here. */
export const PROVIDERS_TOOLS: readonly ToolSpec[] = [...DAC_TOOLS, ...QUALITY_TOOLS, ...LICENSE_TOOLS];
