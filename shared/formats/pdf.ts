/**
 * PDF text extraction with Mozilla's pdf.js (pdfjs-dist, legacy build for Node).
 *
 * pdf.js ships only as ES modules. It is loaded through a static `import()`, which esbuild
 * bundles into the CommonJS Lambda bundle, which Node >= 20.19 loads with require(esm) under
 * ts/swc-node, and which jest loads through tests/helpers/esm-transform.js. The worker module is
 * loaded in the main thread and published as `globalThis.pdfjsWorker`, which pdf.js then uses
 * instead of spawning a worker from a file path (a bundle has none).
 *
 * pdf.js's display layer builds a DOMMatrix at module load for canvas rendering, and polyfills it
 * from the optional native @napi-rs/canvas, which a bundle cannot carry. Text extraction never
 * touches these classes, so inert stand-ins are installed when the runtime lacks them.
 */
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loading: Promise<PdfJs> | undefined;

/** A do-nothing stand-in for a canvas class pdf.js instantiates at load but never uses for text. */
class InertCanvasClass {
  readonly inertForTextExtraction = true;
}

function installInertCanvasGlobals(): void {
  const g = globalThis as Record<string, unknown>;
  for (const name of ['DOMMatrix', 'ImageData', 'Path2D']) {
    if (g[name] === undefined) g[name] = class extends InertCanvasClass {};
  }
}

async function importPdfJs(): Promise<PdfJs> {
  installInertCanvasGlobals();
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
  return pdfjs;
}

function loadPdfJs(): Promise<PdfJs> {
  loading ??= importPdfJs().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

export interface PdfText {
  pages: string[];
}

/**
 * Extracts the text of every page in reading order as pdf.js reports it: items on one line are
 * joined with a space, `hasEOL` items end a line. No font or network fetches are made (the
 * standard-font and CMap URLs are left unset), and script evaluation is disabled.
 */
export async function extractPdfText(bytes: Buffer): Promise<PdfText> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        text += item.hasEOL ? '\n' : item.str === '' ? '' : ' ';
      }
      pages.push(text.replace(/ +\n/g, '\n').trimEnd());
      page.cleanup();
    }
    return { pages };
  } finally {
    await task.destroy();
  }
}
