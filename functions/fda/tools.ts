import type { ToolSpec } from '../../shared/http/tool-spec';
import { APPROVAL_TOOLS } from './approvals-tools';
import { ESTABLISHMENT_TOOLS } from './establishments-tools';
import { LABEL_TOOLS } from './labels-tools';
import { RECALL_TOOLS } from './recalls-tools';

/** The FDA product reads as agent tools (shared/mcp). */
export const FDA_TOOLS: readonly ToolSpec[] = [
  ...APPROVAL_TOOLS,
  ...LABEL_TOOLS,
  ...RECALL_TOOLS,
  ...ESTABLISHMENT_TOOLS,
];
