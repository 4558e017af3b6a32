import type { CustomFacts } from '../../facts/registry';
import { defineSource } from '../module';
import { docOf, loadMcdCodeList } from './facts';
import { cmsMcd } from './source';

/**
 * The LCD and article code lists hold the documentation facts, each joined at load time to the
 * sibling tables of the same release (titles, revision windows, code groups, contractors, states).
 */
const codeList: CustomFacts = { version: '2', load: loadMcdCodeList };

export default defineSource({
  source: cmsMcd,
  facts: { [docOf('lcd_x_hcpc_code')!]: codeList, [docOf('article_x_hcpc_code')!]: codeList },
});
