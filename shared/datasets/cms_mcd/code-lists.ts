import { PublisherFormatError } from '../../publishers/common/errors';
import type { Located } from '../../publishers/common/types';
import { codeText, publicDescriptor } from '../../publishers/common/values';
import { mcdTable } from './table';

export type McdDocType = 'lcd' | 'article';

/**
 * One code listed by an LCD or article version ({lcd,article}_x_hcpc_code.csv). Descriptions are
 * dropped for CPT-shaped codes (AMA license); HCPCS Level II descriptions are kept.
 */
export interface McdCodeRecord extends Located {
  doc_type: McdDocType;
  doc_id: number;
  doc_version: number;
  code: string;
  code_version: number | null;
  code_group: number | null;
  /** The `range` column (Y/N). */
  range: boolean;
  long_description: string | null;
  short_description: string | null;
  last_updated: string | null;
}

/** One code group's explanatory paragraph ({lcd,article}_x_hcpc_code_group.csv); HTML as published. */
export interface McdCodeGroupRecord extends Located {
  doc_type: McdDocType;
  doc_id: number;
  doc_version: number;
  code_group: number;
  paragraph: string | null;
  last_updated: string | null;
}

function codeList(docType: McdDocType) {
  const id = `cms_mcd/${docType}_x_hcpc_code`;
  return mcdTable<McdCodeRecord>({
    id,
    required: [`${docType}_id`, `${docType}_version`, 'hcpc_code_id'],
    build: (r) => {
      const code = codeText(r.raw('hcpc_code_id'));
      if (code === '') throw new PublisherFormatError(id, r.line, 'hcpc_code_id is empty');
      return {
        doc_type: docType,
        doc_id: r.requiredInt(`${docType}_id`),
        doc_version: r.requiredInt(`${docType}_version`),
        code,
        code_version: r.int('hcpc_code_version'),
        code_group: r.int('hcpc_code_group'),
        range: (r.text('range') ?? 'N').toUpperCase() === 'Y',
        long_description: publicDescriptor(code, r.raw('long_description')),
        short_description: publicDescriptor(code, r.raw('short_description')),
        last_updated: r.text('last_updated'),
      };
    },
    codesOf: (rec) => [rec.code],
  });
}

function codeGroups(docType: McdDocType) {
  return mcdTable<McdCodeGroupRecord>({
    id: `cms_mcd/${docType}_x_hcpc_code_group`,
    required: [`${docType}_id`, `${docType}_version`, 'hcpc_code_group'],
    build: (r) => ({
      doc_type: docType,
      doc_id: r.requiredInt(`${docType}_id`),
      doc_version: r.requiredInt(`${docType}_version`),
      code_group: r.requiredInt('hcpc_code_group'),
      paragraph: r.text('paragraph'),
      last_updated: r.text('last_updated'),
    }),
  });
}

export const mcdLcdCodeParser = codeList('lcd');
export const mcdArticleCodeParser = codeList('article');
export const mcdLcdCodeGroupParser = codeGroups('lcd');
export const mcdArticleCodeGroupParser = codeGroups('article');
