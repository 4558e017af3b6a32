// Jest transform for ES-module-only dependencies (pdfjs-dist ships only .mjs). Jest's module
// registry cannot load ES modules without --experimental-vm-modules before Node 24.9, so these
// files are converted to CommonJS with esbuild; `import.meta.url` is pinned to the file's own URL
// so pdf.js's createRequire(import.meta.url) keeps working.
const { transformSync } = require('esbuild');
const { pathToFileURL } = require('node:url');

module.exports = {
  getCacheKey(source, filename) {
    return require('node:crypto')
      .createHash('sha256')
      .update('esm-transform-v1\0')
      .update(filename)
      .update('\0')
      .update(source)
      .digest('hex');
  },
  process(source, filename) {
    const out = transformSync(source, {
      loader: 'js',
      format: 'cjs',
      target: 'node20',
      sourcefile: filename,
      define: { 'import.meta.url': JSON.stringify(pathToFileURL(filename).href) },
      logLevel: 'silent',
    });
    return { code: out.code };
  },
};
