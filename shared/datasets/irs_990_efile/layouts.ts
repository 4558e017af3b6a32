/**
 * The IRS e-file element names this service reads, per schema generation, as paths below `Return`
 * (namespace prefixes dropped). The `returnVersion` attribute of `Return` (`2021v4.2`) picks the
 * map: its year 2013 or later reads `efile-2013`, 2009 to 2012 `efile-2009`; an earlier or missing
 * version is a format error. For each field the first path present wins (a field some returns file
 * in one place and some in another lists both).
 *
 * Documents followed (fixtures/README.md gives the detail): the IRS e-file schema element names of
 * the 2013 redesign (TY2013 onward, `...Amt`, `...Cnt`, `...Ind`, `...Txt`, `...Grp`) as published
 * readers of the IRS 990 XML use them (Part I summary lines 5, 6, 12, 18, 20-22; Part V line 2a;
 * Schedule H Part I line 7a and 7k, Part III line 2; Schedule J Part II), and for 2009-2012 the
 * pre-redesign names published data dictionaries map beside them (`TotalRevenueCurrentYear`,
 * `TotalNbrEmployees`, `TotalNbrVolunteers`, Schedule H `CharityCareAtCost/...Expense`, Schedule J
 * `Form990ScheduleJPartII` with `NamePerson`, `Title`, `BonusFilingOrg`, `DeferredCompFilingOrg`,
 * `TotalCompensationFilingOrg`, `CompReportPrior990FilingOrg`). The other 2009-2012 names (header,
 * balance sheet, base, other and nontaxable pay, Schedule H total community benefit and bad debt)
 * follow the same naming unverified (fixtures/README.md); a name not found reads as null.
 */
export type HeaderField =
  | 'ein'
  | 'filer_name'
  | 'return_type'
  | 'tax_period_begin'
  | 'tax_period_end'
  | 'tax_year'
  | 'return_ts'
  | 'amended';
export type ValueField =
  | 'total_revenue'
  | 'total_expenses'
  | 'total_assets_eoy'
  | 'total_liabilities_eoy'
  | 'net_assets_eoy'
  | 'total_employees'
  | 'w2_employees'
  | 'volunteers';
export type BenefitField = 'total_expense' | 'direct_offsetting_revenue' | 'net_expense' | 'percent_of_total_expense';
export type PersonField =
  | 'name'
  | 'title'
  | 'base_compensation'
  | 'bonus'
  | 'other_compensation'
  | 'deferred_compensation'
  | 'nontaxable_benefits'
  | 'total_compensation'
  | 'total_compensation_related_orgs'
  | 'reported_on_prior_990';

export interface EfileLayout {
  /** Stored with each row (`layout`). */
  id: string;
  /** First and last schema year (`returnVersion` prefix) this map reads; null: no upper bound. */
  years: readonly [number, number | null];
  header: Readonly<Record<HeaderField, readonly string[]>>;
  values: Readonly<Record<ValueField, readonly string[]>>;
  /** Schedule H Part I line 7 rows: the group elements, each holding the four columns. */
  financialAssistance: readonly string[];
  totalCommunityBenefits: readonly string[];
  benefitColumns: Readonly<Record<BenefitField, readonly string[]>>;
  badDebt: readonly string[];
  /** The Schedule H element (its presence alone says the return has one). */
  scheduleH: string;
  scheduleJ: string;
  /** One repeating group per person of Schedule J Part II; fields relative to it. */
  person: readonly string[];
  personFields: Readonly<Record<PersonField, readonly string[]>>;
}

const H13 = 'ReturnHeader';
const D13 = 'ReturnData/IRS990';

export const EFILE_2013: EfileLayout = {
  id: 'efile-2013@1',
  years: [2013, null],
  header: {
    ein: [`${H13}/Filer/EIN`],
    filer_name: [`${H13}/Filer/BusinessName/BusinessNameLine1Txt`],
    return_type: [`${H13}/ReturnTypeCd`],
    tax_period_begin: [`${H13}/TaxPeriodBeginDt`],
    tax_period_end: [`${H13}/TaxPeriodEndDt`],
    tax_year: [`${H13}/TaxYr`],
    return_ts: [`${H13}/ReturnTs`],
    amended: [`${D13}/AmendedReturnInd`, `${H13}/AmendedReturnInd`],
  },
  values: {
    total_revenue: [`${D13}/CYTotalRevenueAmt`, `${D13}/TotalRevenueGrp/TotalRevenueColumnAmt`],
    total_expenses: [`${D13}/CYTotalExpensesAmt`, `${D13}/TotalFunctionalExpensesGrp/TotalAmt`],
    total_assets_eoy: [`${D13}/TotalAssetsEOYAmt`, `${D13}/TotalAssetsGrp/EOYAmt`],
    total_liabilities_eoy: [`${D13}/TotalLiabilitiesEOYAmt`, `${D13}/TotalLiabilitiesGrp/EOYAmt`],
    net_assets_eoy: [`${D13}/NetAssetsOrFundBalancesEOYAmt`],
    total_employees: [`${D13}/TotalEmployeeCnt`],
    w2_employees: [`${D13}/EmployeeCnt`],
    volunteers: [`${D13}/TotalVolunteersCnt`],
  },
  scheduleH: 'ReturnData/IRS990ScheduleH',
  financialAssistance: [
    'ReturnData/IRS990ScheduleH/FinancialAssistanceAtCostTyp',
    'ReturnData/IRS990ScheduleH/FinancialAssistanceAtCostGrp',
  ],
  totalCommunityBenefits: ['ReturnData/IRS990ScheduleH/TotalCommunityBenefitsGrp'],
  benefitColumns: {
    total_expense: ['TotalCommunityBenefitExpnsAmt'],
    direct_offsetting_revenue: ['DirectOffsettingRevenueAmt'],
    net_expense: ['NetCommunityBenefitExpnsAmt'],
    percent_of_total_expense: ['TotalExpensePct'],
  },
  badDebt: ['ReturnData/IRS990ScheduleH/BadDebtExpenseAmt'],
  scheduleJ: 'ReturnData/IRS990ScheduleJ',
  person: ['ReturnData/IRS990ScheduleJ/RltdOrgOfficerTrstKeyEmplGrp'],
  personFields: {
    name: ['PersonNm', 'BusinessName/BusinessNameLine1Txt', 'BusinessName/BusinessNameLine1'],
    title: ['TitleTxt'],
    base_compensation: ['BaseCompensationFilingOrgAmt'],
    bonus: ['BonusFilingOrganizationAmount'],
    other_compensation: ['OtherCompensationFilingOrgAmt'],
    deferred_compensation: ['DeferredCompensationFlngOrgAmt'],
    nontaxable_benefits: ['NontaxableBenefitsFilingOrgAmt'],
    total_compensation: ['TotalCompensationFilingOrgAmt'],
    total_compensation_related_orgs: ['TotalCompensationRltdOrgsAmt'],
    reported_on_prior_990: ['CompReportPrior990FilingOrgAmt'],
  },
};

const H09 = 'ReturnHeader';
const D09 = 'ReturnData/IRS990';

export const EFILE_2009: EfileLayout = {
  id: 'efile-2009@1',
  years: [2009, 2012],
  header: {
    ein: [`${H09}/Filer/EIN`],
    filer_name: [`${H09}/Filer/Name/BusinessNameLine1`],
    return_type: [`${H09}/ReturnType`],
    tax_period_begin: [`${H09}/TaxPeriodBeginDate`],
    tax_period_end: [`${H09}/TaxPeriodEndDate`],
    tax_year: [`${H09}/TaxYear`],
    return_ts: [`${H09}/Timestamp`],
    amended: [`${D09}/AmendedReturn`],
  },
  values: {
    total_revenue: [`${D09}/TotalRevenueCurrentYear`, `${D09}/TotalRevenue/TotalRevenueColumn`],
    total_expenses: [`${D09}/TotalExpensesCurrentYear`],
    total_assets_eoy: [`${D09}/TotalAssetsEOY`, `${D09}/TotalAssets/EOY`],
    total_liabilities_eoy: [`${D09}/TotalLiabilitiesEOY`, `${D09}/TotalLiabilities/EOY`],
    net_assets_eoy: [`${D09}/NetAssetsOrFundBalancesEOY`],
    total_employees: [`${D09}/TotalNbrEmployees`],
    w2_employees: [`${D09}/NumberOfEmployees`],
    volunteers: [`${D09}/TotalNbrVolunteers`],
  },
  scheduleH: 'ReturnData/IRS990ScheduleH',
  financialAssistance: [
    'ReturnData/IRS990ScheduleH/CharityCareAtCost',
    'ReturnData/IRS990ScheduleH/Form990ScheduleHPartI/CharityCareAtCost',
  ],
  totalCommunityBenefits: [
    'ReturnData/IRS990ScheduleH/TotalCommunityBenefits',
    'ReturnData/IRS990ScheduleH/Form990ScheduleHPartI/TotalCommunityBenefits',
  ],
  benefitColumns: {
    total_expense: ['TotalCommunityBenefitExpense'],
    direct_offsetting_revenue: ['DirectOffsettingRevenue'],
    net_expense: ['NetCommunityBenefitExpense'],
    percent_of_total_expense: ['PercentOfTotalExpense'],
  },
  badDebt: ['ReturnData/IRS990ScheduleH/BadDebtExpense'],
  scheduleJ: 'ReturnData/IRS990ScheduleJ',
  person: ['ReturnData/IRS990ScheduleJ/Form990ScheduleJPartII'],
  personFields: {
    name: ['NamePerson', 'NameBusiness/BusinessNameLine1'],
    title: ['Title'],
    base_compensation: ['BaseCompensationFilingOrg'],
    bonus: ['BonusFilingOrg'],
    other_compensation: ['OtherCompensationFilingOrg'],
    deferred_compensation: ['DeferredCompFilingOrg'],
    nontaxable_benefits: ['NontaxableBenefitsFilingOrg'],
    total_compensation: ['TotalCompensationFilingOrg'],
    total_compensation_related_orgs: ['TotalCompensationRelatedOrgs'],
    reported_on_prior_990: ['CompReportPrior990FilingOrg'],
  },
};

export const EFILE_LAYOUTS: readonly EfileLayout[] = [EFILE_2009, EFILE_2013];

/** The map of a schema version (`2021v4.2`), or null when none reads it. */
export function layoutForVersion(schemaVersion: string): EfileLayout | null {
  const m = /^(\d{4})v/i.exec(schemaVersion.trim());
  if (!m) return null;
  const year = Number(m[1]);
  return EFILE_LAYOUTS.find((l) => year >= l.years[0] && (l.years[1] === null || year <= l.years[1])) ?? null;
}
