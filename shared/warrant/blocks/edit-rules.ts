/**
 * The date and unit rules of the NCCI edits, as the CMS files state them. Sources are cited in
 * docs/resources/warrant-method.md ("Claim-line context, fees and edits").
 */

/** A PTP edit on a date: in force, not in force, or the deletion date itself (not stated by CMS). */
export type PtpDay = 'in_force' | 'not_in_force' | 'deletion_day';

/**
 * Whether a PTP edit applies on a date. The file's legend reads "Modifier 0=not allowed
 * 1=allowed 9=not applicable": an edit with indicator 9 never applies. Otherwise the edit applies
 * from its effective date; with a deletion date D ("Deletion Date *=no data", `*` meaning open)
 * it applies on every day before D and on no day after D. The file does not say whether D itself
 * is in or out (CMS prints quarter ends such as 20231231 as deletion dates, which reads as a last
 * day, while a retroactive deletion prints D equal to the effective date, which reads as a first
 * day out), so D is reported as `deletion_day`: a gap, never a guess either way.
 */
export function ptpOn(value: Record<string, unknown>, asOf: string): PtpDay {
  if (Number(value.modifier_indicator) === 9) return 'not_in_force';
  const eff = value.effective_date as string | null;
  const del = value.deletion_date as string | null;
  if (eff && eff > asOf) return 'not_in_force';
  if (!del || asOf < del) return 'in_force';
  return asOf > del ? 'not_in_force' : 'deletion_day';
}

/**
 * The MUE adjudication indicators, as the MUE files print them ("1 Line Edit", "2 Date of Service
 * Edit: Policy", "3 Date of Service Edit: Clinical"), and what each means for a claim line's units.
 */
export const MUE_ADJUDICATION: Readonly<Record<number, { text: string; meaning: string }>> = {
  1: {
    text: 'Line Edit',
    meaning: 'a line edit: the MUE value caps the units of service on one claim line',
  },
  2: {
    text: 'Date of Service Edit: Policy',
    meaning:
      'a date of service edit with a policy basis: the MUE value caps the units of the code for the beneficiary on the date of service, all claim lines together',
  },
  3: {
    text: 'Date of Service Edit: Clinical',
    meaning:
      'a date of service edit with a clinical basis: the MUE value caps the units of the code for the beneficiary on the date of service, all claim lines together',
  },
};

export interface UnitsCheck {
  units: number;
  mue_value: number;
  exceeds: boolean;
  adjudication_indicator: number;
  adjudication_indicator_text: string | null;
  meaning: string | null;
  detail: string;
}

/** The claim line's units against one MUE row (its value and adjudication indicator). */
export function unitsCheck(v: Record<string, unknown>, units: number): UnitsCheck {
  const value = Number(v.mue_value);
  const mai = Number(v.adjudication_indicator);
  const known = MUE_ADJUDICATION[mai];
  const text = typeof v.adjudication_indicator_text === 'string' ? v.adjudication_indicator_text : null;
  const exceeds = units > value;
  const dateEdit = mai === 2 || mai === 3;
  const detail = exceeds
    ? `${units} units exceed the MUE value ${value}; MAI ${mai} "${text ?? known?.text ?? '?'}" is ${known?.meaning ?? 'an indicator this service does not know'}.`
    : `${units} units are within the MUE value ${value}${dateEdit ? '; other lines of the code on the same date of service count toward it too (date of service edit)' : ''}.`;
  return {
    units,
    mue_value: value,
    exceeds,
    adjudication_indicator: mai,
    adjudication_indicator_text: text,
    meaning: known?.meaning ?? null,
    detail,
  };
}
