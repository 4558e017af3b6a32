import * as fs from 'node:fs';
import { readWorkbook, cellText } from './shared/formats/xlsx';
(async () => {
  for (const f of process.argv.slice(2)) {
    const wb = await readWorkbook(fs.readFileSync(f));
    console.log('=====', f, wb.date1904);
    for (const s of wb.sheets) {
      console.log('--', s.name, s.rows.length);
      s.rows.slice(0, 8).forEach((r, i) => console.log(i + 1, JSON.stringify(r)));
      console.log('...', JSON.stringify(s.rows[s.rows.length - 1]));
    }
  }
})();
