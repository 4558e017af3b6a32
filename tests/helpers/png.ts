import { PNG } from 'pngjs';

/**
 * Screenshot checks: width, height and the number of distinct colours of a PNG (decoded by pngjs).
 * A blank or single-colour element has one or two colours; a rendered table or chart has many.
 * Colours are counted as 24-bit numbers: a full-page table is tens of millions of pixels.
 */
export function pngStats(png: Buffer): { width: number; height: number; colors: number } {
  const { width, height, data } = PNG.sync.read(png);
  const colors = new Set<number>();
  for (let i = 0; i < data.length; i += 4) colors.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
  return { width, height, colors: colors.size };
}
