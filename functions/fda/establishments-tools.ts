import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The registered drug establishment reads as agent tools (shared/mcp). */
export const ESTABLISHMENT_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'rx_establishments',
    method: 'get',
    path: '/rx/establishments',
    proves:
      "Drug establishments with a current FDA registration (the Drug Establishments Current Registration Site file in force on the date): FEI, DUNS, firm, address, ISO-3 country, business operations and registrant, filtered by operation (e.g. API MANUFACTURE), country, firm or registrant name. Registration is the firm's declaration, not an inspection finding.",
  }),
  tool({
    name: 'rx_establishment_operations',
    method: 'get',
    path: '/rx/establishments/operations',
    proves:
      'The business operation types in the FDA drug establishment registration file in force on the date, each with the number of registration lines listing it.',
  }),
];
