import type { Readable } from 'node:stream';

/**
 * Event-driven XML reading over a byte stream with saxes (a conformant, non-validating XML 1.0
 * parser that expands only the predefined and character entities, never external ones). Element
 * and attribute names are reported without their namespace prefix, because OOXML producers are
 * free to write `<x:row>` as well as `<row>`. Memory stays bounded by the largest text node.
 * saxes is imported on the first parse: most Lambdas never read XML (a lazy file of their bundle,
 * scripts/build.mjs).
 */
export interface XmlHandlers {
  open?(name: string, attrs: Readonly<Record<string, string>>): void;
  close?(name: string): void;
  text?(text: string): void;
}

export function localName(qname: string): string {
  const i = qname.indexOf(':');
  return i < 0 ? qname : qname.slice(i + 1);
}

function localAttrs(attrs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'xmlns' || k.startsWith('xmlns:')) continue;
    out[localName(k)] ??= v;
  }
  return out;
}

/** Parses a whole XML document from a stream; rejects on the first well-formedness error. */
export async function parseXml(source: Readable | Buffer, handlers: XmlHandlers): Promise<void> {
  for await (const _ of xmlChunks(source, handlers)) {
    // the handlers do the work
  }
}

/**
 * The same parse, pausing after each chunk of the source: the caller can hand on what the handlers
 * collected from that chunk before the next one is read (streamed worksheet rows). Stopping early
 * (`return()`) stops reading the source. Rejects on the first well-formedness error.
 */
export async function* xmlChunks(source: Readable | Buffer, handlers: XmlHandlers): AsyncGenerator<void> {
  const { SaxesParser } = await import('saxes');
  const parser = new SaxesParser({ xmlns: false, position: false });
  let failure: Error | undefined;
  parser.on('error', (err) => {
    failure ??= err;
  });
  parser.on('opentag', (tag) =>
    handlers.open?.(localName(tag.name), localAttrs(tag.attributes as Record<string, string>)),
  );
  parser.on('closetag', (tag) => handlers.close?.(localName(tag.name)));
  if (handlers.text) {
    const onText = handlers.text.bind(handlers);
    parser.on('text', onText);
    parser.on('cdata', onText);
  }
  const decoder = new TextDecoder('utf-8');
  const feed = (chunk: Buffer, last: boolean) => {
    if (failure) return;
    parser.write(decoder.decode(chunk, { stream: !last }));
    if (failure) throw failure;
  };
  if (Buffer.isBuffer(source)) {
    feed(source, true);
  } else {
    for await (const chunk of source) {
      feed(chunk as Buffer, false);
      yield;
    }
    feed(Buffer.alloc(0), true);
  }
  if (!failure) parser.close();
  if (failure) throw failure;
  yield;
}
