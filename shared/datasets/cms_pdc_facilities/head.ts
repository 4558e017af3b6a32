import type { FacilityType } from '../../facilities/pdc-rows';
import type { ParserHead } from '../../publishers/common/lazy';

/**
 * What the declarations (./source.ts, ./dataset.ts) know of the parsers without their code
 * (./parser.ts, a lazy file of the API bundles: shared/publishers/common/lazy.ts): one parser per
 * facility file, each with its own column map.
 */
export const PDC_PARSER_HEADS: Record<FacilityType, ParserHead> = {
  nursing_home: { id: 'cms_pdc_facilities/nh-provider-info-csv', version: '1' },
  hospice: { id: 'cms_pdc_facilities/hospice-general-csv', version: '1' },
  home_health: { id: 'cms_pdc_facilities/hh-agencies-csv', version: '1' },
  dialysis: { id: 'cms_pdc_facilities/dialysis-facility-csv', version: '1' },
  irf: { id: 'cms_pdc_facilities/irf-general-csv', version: '1' },
  ltch: { id: 'cms_pdc_facilities/ltch-general-csv', version: '1' },
};
