import { helpImageSrc, type THelpArticle, type THelpImage, type THelpListItem } from '@mip/shared';
import type { helpArticles, helpImages } from '../../db/schema/index.ts';
import { toIsoTimestamp } from '../../lib/timestamps.ts';

type THelpArticleRow = typeof helpArticles.$inferSelect;

export function toHelpArticle(row: THelpArticleRow): THelpArticle {
  return {
    url: row.url,
    language: row.language,
    title: row.title,
    category: row.category,
    contents: row.contents,
    updatedAt: toIsoTimestamp(row.updatedAt),
  };
}

export function toHelpListItem(row: Pick<THelpArticleRow, 'url' | 'title' | 'category'>): THelpListItem {
  return { url: row.url, title: row.title, category: row.category };
}

/** What the audit log keeps of an article: all of it, so a reader sees what a change did to the text. */
export function toHelpArticleRecord(row: THelpArticleRow) {
  return { language: row.language, url: row.url, title: row.title, category: row.category, contents: row.contents };
}

/** The audit log's record id of an article: its language and page, e.g. "pt-PT:/user". */
export const helpRecordId = (language: string, url: string) => `${language}:${url}`;

type THelpImageRow = typeof helpImages.$inferSelect;

export function toHelpImage(row: THelpImageRow): THelpImage {
  return {
    id: row.id,
    src: helpImageSrc(row.id),
    type: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
  };
}

/** What the audit log keeps of a help image: never its bytes. */
export function toHelpImageRecord(row: THelpImageRow) {
  return {
    filename: row.filename,
    type: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt,
  };
}
