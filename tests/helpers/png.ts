import { inflateSync } from 'node:zlib';

/**
 * A minimal PNG reader for screenshot checks: width, height and the number of distinct colours in
 * the decoded pixels (8-bit RGB/RGBA, non-interlaced, as Chromium writes them). A blank or
 * single-colour element has one or two colours; a rendered table or chart has many.
 */
export function pngStats(png: Buffer): { width: number; height: number; colors: number } {
  if (png.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let off = 8;
  let width = 0;
  let height = 0;
  let channels = 4;
  const idat: Buffer[] = [];
  while (off < png.length) {
    const len = png.readUInt32BE(off);
    const type = png.toString('ascii', off + 4, off + 8);
    const data = png.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const colorType = data[9];
      if (data[8] !== 8 || data[12] !== 0) throw new Error('unsupported PNG (bit depth or interlace)');
      channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 1;
    } else if (type === 'IDAT') idat.push(data);
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const prev = Buffer.alloc(stride);
  const cur = Buffer.alloc(stride);
  const colors = new Set<string>();
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? cur[x - channels]! : 0;
      const b = prev[x]!;
      const c = x >= channels ? prev[x - channels]! : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const pred = [0, a, b, (a + b) >> 1, paeth][filter] ?? 0;
      cur[x] = (line[x]! + pred) & 0xff;
    }
    for (let x = 0; x < stride; x += channels) colors.add(cur.subarray(x, x + Math.min(3, channels)).toString('hex'));
    cur.copy(prev);
  }
  return { width, height, colors: colors.size };
}
