import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The DailyMed label and pharmacologic class reads as agent tools (shared/mcp). */
export const LABEL_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'rx_labels',
    method: 'get',
    path: '/rx/labels',
    proves:
      'Human prescription drug labels (DailyMed SPL) in force on the date, found by drug name, labeler or a required key section (boxed warning, indications, dosage and administration, contraindications): set_id, version, effective date, title, labeler and which key sections each carries.',
  }),
  tool({
    name: 'rx_label',
    method: 'get',
    path: '/rx/labels/{set_id}',
    proves:
      "One drug label's version in force on the date: the text of its boxed warning, indications, dosage and administration and contraindications, its NDCs and ingredients (UNII), its pharmacologic classes (EPC, MoA, PE, CS), its version history and the archived bundle it was read from.",
  }),
  tool({
    name: 'rx_drug_classes',
    method: 'get',
    path: '/rx/drug-classes',
    proves:
      "FDA's pharmacologic classes (EPC, MoA, PE, CS) from the class indexing in force, with how many labels in force reach each class through an active ingredient, filtered by class name and type.",
  }),
];
