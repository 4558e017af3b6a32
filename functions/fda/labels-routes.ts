import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import type { AppEnv } from '../../shared/http/types';
import { DrugClassListSchema, LabelDetailSchema, LabelListSchema } from '../../shared/rx/label-schemas';
import { labelDetail, listDrugClasses, listLabels } from '../../shared/rx/labels';
import { DrugClassesQuery, LabelQuery, LabelsQuery, SetIdPath } from './labels-schemas';

const tags = ['Drug economics'];
const dm =
  "From NLM DailyMed's SPL bundles (nlm_dailymed_spl): the full release parts and update zips archived up to `as_of` add up, and each set_id answers from its SPL version in force on `as_of` (the highest `versionNumber` whose `effectiveTime` is on or before it). 503 naming nlm_dailymed_spl when no bundle is loaded and in force. `methodology_note` states what DailyMed covers and omits.";

const labelsRoute = createRoute({
  method: 'get',
  path: '/rx/labels',
  tags,
  summary: 'Search human prescription drug labels',
  description: `One item per label (set_id) with its version in force, effective date, title, labeler, and which of the four key sections it carries (\`sections_present\`: boxed warning 34066-1, indications 34067-9, dosage and administration 34068-7, contraindications 34070-3, by LOINC section code, subsections included), with the archived bundle member it was read from. Filters: \`name\` (title, product, generic or active ingredient words), \`labeler\`, \`section\` (required sections, comma-separated, by name or LOINC; anything else is a 400 naming \`section\`). Default order: title, then set_id (unique). Paged by \`limit\` (at most 100) and \`offset\`, with the exact \`total\`. ${dm}`,
  request: { query: LabelsQuery },
  responses: { 200: jsonResponse(LabelListSchema, 'The labels.'), ...problemResponses(400, 401, 503) },
});

const labelRoute = createRoute({
  method: 'get',
  path: '/rx/labels/{set_id}',
  tags,
  summary: 'One drug label: key sections, coded concepts, pharmacologic classes',
  description: `The label's SPL version in force on \`as_of\`: the text of its boxed warning, indications, dosage and administration and contraindications (plain text, subsections included; \`present: false\` when the SPL has no such section), its coded concepts (products with their NDCs, dosage forms, ingredients with UNIIs, strengths and active moieties; package NDCs), its pharmacologic classes (EPC, MoA, PE, CS) from FDA's class indexing in force, joined by the UNII of an active ingredient or moiety (null with a gap when no indexing is in force), the versions the archive holds up to \`as_of\`, and source links pinned to the archived bundle (sha256 and member) besides DailyMed's pages (which show the current version). \`set_id\` a UUID; anything else is a 400 naming \`set_id\`; a set_id no bundle in force holds, or none of whose versions is effective by \`as_of\`, is a 404. ${dm}`,
  request: { params: SetIdPath, query: LabelQuery },
  responses: { 200: jsonResponse(LabelDetailSchema, 'The label.'), ...problemResponses(400, 401, 404, 503) },
});

const classesRoute = createRoute({
  method: 'get',
  path: '/rx/drug-classes',
  tags,
  summary: 'Pharmacologic classes with label counts',
  description: `The classes of FDA's pharmacologic class indexing SPLs in force on \`as_of\` (a snapshot: the indexing zip is republished whole), each with its MED-RT code, name, type (\`EPC\`, \`MoA\`, \`PE\`, \`CS\`), the substances (UNIIs) indexed to it and \`label_count\`: the labels in force (set_ids, versions as of the date) with an active ingredient or active moiety among those substances. Filters: \`name\` (words of the class name), \`type\` (anything else is a 400 naming \`type\`); \`type_counts\` counts the classes matching \`name\` by type. Default order: class name, then code (unique); \`sort=label_count\`: most labels first. Paged by \`limit\` (at most 100) and \`offset\` with \`total\`. 503 naming nlm_dailymed_spl when no class indexing is loaded and in force; label counts are 0 with a gap when no label bundle is.`,
  request: { query: DrugClassesQuery },
  responses: { 200: jsonResponse(DrugClassListSchema, 'The classes.'), ...problemResponses(400, 401, 503) },
});

/** Drug economics (issue 19, points 1 to 3): DailyMed labels and pharmacologic classes. */
export function registerLabelRoutes(router: OpenAPIHono<AppEnv>, deps: Deps): void {
  const asOf = (as_of?: string) => asOfOrToday(deps.clock, as_of);
  router.openapi(labelsRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await listLabels(deps, q, asOf(as_of)), 200);
  });
  router.openapi(labelRoute, async (c) => {
    const { set_id } = c.req.valid('param');
    const { as_of } = c.req.valid('query');
    return c.json(await labelDetail(deps, set_id, asOf(as_of)), 200);
  });
  router.openapi(classesRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await listDrugClasses(deps, q, asOf(as_of)), 200);
  });
}
