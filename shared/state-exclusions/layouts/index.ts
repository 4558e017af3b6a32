import type { StateLayout } from '../layout';
import { azLayout } from './az';
import { caLayout } from './ca';
import { kyLayout } from './ky';
import { njLayout } from './nj';
import { nyLayout } from './ny';
import { paLayout } from './pa';

/** Every state layout read into the catalog. States without one are archived and reported as not loaded. */
export const STATE_LAYOUTS: readonly StateLayout[] = [azLayout, caLayout, kyLayout, njLayout, nyLayout, paLayout];

/** The layout that reads an archived file of a state source, by its base name. */
export function stateLayoutFor(sourceId: string, fileName: string): StateLayout | undefined {
  const base = fileName.replace(/^.*[\\/]/, '');
  return STATE_LAYOUTS.find((l) => l.sourceId === sourceId && l.match.test(base));
}
