import { PublisherFormatError } from '../../publishers/common/errors';
import type { Located } from '../../publishers/common/types';
import { mcdTable } from './table';

/** One LCD version (lcd.csv). Dates are YYYY-MM-DD; `display_id` is as printed (L33718, DL39999 for proposed). */
export interface LcdRecord extends Located {
  lcd_id: number;
  lcd_version: number;
  display_id: string | null;
  title: string;
  determination_number: string | null;
  status: string | null;
  original_effective_date: string | null;
  revision_effective_date: string | null;
  revision_end_date: string | null;
  /** ent_det_end_date: the date the determination ends. */
  end_date: string | null;
  date_retired: string | null;
  last_updated: string | null;
}

/**
 * One article version (article.csv). Per the Article data dictionary: `article_eff_date` is when the
 * article became effective, `article_end_date` when it was retired or replaced by a newer version,
 * `article_rev_end_date` when this revision stopped being effective, `date_retired` when it was retired.
 */
export interface ArticleRecord extends Located {
  article_id: number;
  article_version: number;
  display_id: string | null;
  article_type: number | null;
  title: string;
  status: string | null;
  published_date: string | null;
  effective_date: string | null;
  end_date: string | null;
  /** article_rev_end_date (a column later than the first article layouts; null when absent). */
  revision_end_date: string | null;
  date_retired: string | null;
  last_updated: string | null;
}

function required(value: string | null, what: string, id: string, line: number): string {
  if (value === null) throw new PublisherFormatError(id, line, `${what} is empty`);
  return value;
}

export const mcdLcdParser = mcdTable<LcdRecord>({
  id: 'cms_mcd/lcd',
  required: ['lcd_id', 'lcd_version', 'title'],
  build: (r) => ({
    lcd_id: r.requiredInt('lcd_id'),
    lcd_version: r.requiredInt('lcd_version'),
    display_id: r.text('display_id'),
    title: required(r.text('title'), 'title', 'cms_mcd/lcd', r.line),
    determination_number: r.text('determination_number'),
    status: r.text('status'),
    original_effective_date: r.date('orig_det_eff_date'),
    revision_effective_date: r.date('rev_eff_date'),
    revision_end_date: r.date('rev_end_date'),
    end_date: r.date('ent_det_end_date'),
    date_retired: r.date('date_retired'),
    last_updated: r.text('last_updated'),
  }),
});

export const mcdArticleParser = mcdTable<ArticleRecord>({
  id: 'cms_mcd/article',
  version: '2',
  required: ['article_id', 'article_version', 'title'],
  build: (r) => ({
    article_id: r.requiredInt('article_id'),
    article_version: r.requiredInt('article_version'),
    display_id: r.text('display_id'),
    article_type: r.int('article_type'),
    title: required(r.text('title'), 'title', 'cms_mcd/article', r.line),
    status: r.text('status'),
    published_date: r.date('article_pub_date'),
    effective_date: r.date('article_eff_date'),
    end_date: r.date('article_end_date'),
    revision_end_date: r.date('article_rev_end_date'),
    date_retired: r.date('date_retired'),
    last_updated: r.text('last_updated'),
  }),
});
