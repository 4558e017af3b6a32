/** What a renderer produces; stored beside each archived file. */
export interface TextRendering {
  renderer: string;
  renderer_version: string;
  /** The character encoding the bytes were decoded with; null when no decoding applied. */
  encoding: string | null;
  text: string;
}

/**
 * Bump a renderer's version whenever its output for the same bytes changes. Each version string
 * names its renderer, so a version alone identifies how a stored rendering was made.
 */
export const RENDERER_VERSIONS = {
  text: 'text-1',
  xlsx: 'xlsx-1',
  pdf: 'pdf-1',
  zip: 'zip-1',
  binary: 'binary-1',
  unrenderable: 'unrenderable-1',
} as const;

export type RendererName = keyof typeof RENDERER_VERSIONS;

export function rendering(renderer: RendererName, encoding: string | null, text: string): TextRendering {
  return { renderer, renderer_version: RENDERER_VERSIONS[renderer], encoding, text };
}
