import { z } from '@hono/zod-openapi';
import { ccnPathParam } from '../../shared/hospitals/ccn-param';
import { MAX_LIMIT } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { DateString } from '../../shared/http/schemas';

export const CcnPath = z.object({
  ccn: ccnPathParam('CMS Certification Number (6 characters, leading zeros kept).', '010099'),
});

export const CostReportQuery = z.object({
  fiscal_year: queryInt((n) => n.min(2010).max(2100))
    .optional()
    .openapi({
      description:
        'HCRIS fiscal year (the federal fiscal year in which the cost-reporting period begins, 2010 on); default the latest year with a report chosen on `as_of`.',
      example: 2022,
    }),
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    description:
      'Answer from the HCRIS refreshes released by this date, counting only reports processed (PROC_DT) by then (YYYY-MM-DD); default today.',
  }),
});

const COST_CENTER_DEFAULT = 500;

export const CostCentersQuery = CostReportQuery.extend({
  limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
    .default(COST_CENTER_DEFAULT)
    .openapi({
      description: `Cost centers per page, 1 to ${MAX_LIMIT} (default ${COST_CENTER_DEFAULT}: a whole worksheet A).`,
    }),
  offset: queryInt((n) => n.min(0).max(10_000))
    .default(0)
    .openapi({ description: 'Cost centers to skip, in line order.' }),
});
