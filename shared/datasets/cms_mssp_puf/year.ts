/** The performance year a results file's name carries (`..._Performance_Year_2014_Results.csv`, `PY2022_...`). */
export function performanceYearOf(name: string): number | null {
  const m = /Performance[_ ]Year[_ ](\d{4})/i.exec(name) ?? /(?:^|[^A-Za-z])PY[_ -]?(\d{4})/i.exec(name);
  return m ? Number(m[1]) : null;
}
