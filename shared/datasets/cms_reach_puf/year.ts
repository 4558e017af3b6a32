/** The performance year a file's name carries (`..._PY2023.csv`, `PY_2024_...`), or null. */
export function performanceYearOf(name: string): number | null {
  const m = /(?:^|[^A-Za-z])PY[_ -]?(\d{4})(?!\d)/i.exec(name) ?? /Performance[_ ]Year[_ ](\d{4})/i.exec(name);
  return m ? Number(m[1]) : null;
}
