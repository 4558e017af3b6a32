import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** /rx/meps/mix as an agent tool (spread into RX_TOOLS). */
export const MEPS_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'rx_meps_mix',
    method: 'get',
    path: '/rx/meps/mix',
    proves:
      'Survey-weighted national estimates (AHRQ MEPS) of outpatient prescription acquisitions, persons and payments per drug for a data year and person segment (e.g. private coverage under 65), with each drug’s share and the median generic NADAC of the same-named RxNorm ingredient. Estimates from fewer than 60 sample persons are withheld; standard errors are not computed, and household-reported drugs only (no inpatient or clinic-administered drugs).',
  }),
];
