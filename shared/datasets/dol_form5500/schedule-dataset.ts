import type { z } from '@hono/zod-openapi';
import { defineDataset } from '../../catalog/dataset';
import type { Located, PublisherParser } from '../../publishers/common/types';
import { FORM5500_SOURCE } from '../../rx/employer-rows';
import { RX_DATASET_GROUP } from '../../rx/group';

/** The parser of one Form 5500 document, for that document only. */
export const onlyDoc =
  <P>(doc: string, parser: P) =>
  (f: { source_id: string; doc_id: string }) =>
    f.source_id === FORM5500_SOURCE && f.doc_id === doc ? parser : undefined;

/**
 * A schedule of the main form (A, C), stored by ACK_ID for the plans' placer to read when a main
 * form loads: one supplement document, loaded before the main form (priority 1).
 */
export function scheduleDataset<R extends Located & { ack_id: string }>(d: {
  id: string;
  title: string;
  docId: string;
  parser: PublisherParser<R>;
  schema: z.ZodType;
}) {
  return defineDataset<R>({
    id: d.id,
    title: d.title,
    group: RX_DATASET_GROUP,
    loaderVersion: '1',
    docs: [{ sourceId: FORM5500_SOURCE, docId: d.docId, mode: 'supplement' }],
    parserFor: onlyDoc(d.docId, d.parser),
    schema: d.schema,
    indexes: [{ name: 'ack_id', keys: (r) => [r.ack_id] }],
    loadPriority: 1,
  });
}
