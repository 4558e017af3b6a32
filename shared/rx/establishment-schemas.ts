import { z } from '@hono/zod-openapi';
import { answerProvenanceFields, sortedOffsetPageFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { EstablishmentRowSchema } from './establishment-rows';

export const EstablishmentSchema = EstablishmentRowSchema.omit({ kind: true, operation: true })
  .extend({ source: RowSourceSchema })
  .openapi('Establishment');
export type Establishment = z.infer<typeof EstablishmentSchema>;

export const EstablishmentListSchema = z
  .object({
    items: z.array(EstablishmentSchema),
    total: z.number().int().openapi({ description: 'Registration lines matching the filters in the file in force.' }),
    ...sortedOffsetPageFields,
    ...answerProvenanceFields,
  })
  .openapi('EstablishmentList');
export type EstablishmentList = z.infer<typeof EstablishmentListSchema>;

export const EstablishmentOperationSchema = z
  .object({
    operation: z.string().openapi({ example: 'API MANUFACTURE' }),
    establishments: z.number().int().openapi({
      description:
        'Registration lines listing the operation (an FEI on two lines counts twice), computed when the file loaded.',
    }),
  })
  .openapi('EstablishmentOperation');

export const EstablishmentOperationListSchema = z
  .object({
    items: z.array(EstablishmentOperationSchema),
    total: z.number().int().openapi({ description: 'Operation types in the file in force.' }),
    ...sortedOffsetPageFields,
    ...answerProvenanceFields,
  })
  .openapi('EstablishmentOperationList');
export type EstablishmentOperationList = z.infer<typeof EstablishmentOperationListSchema>;
