import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './identity.ts';

/** An article's key (its page's help url, see helpUrlOf, and language) and text (spec 001 §3). */
const articleColumns = () => ({
  language: text('language', { enum: ['pt-PT', 'en-US'] }).notNull(),
  url: text('url').notNull(),
  title: text('title').notNull(),
  category: text('category').notNull(),
  /** Sanitised HTML (lib/rich-html.ts). */
  contents: text('contents').notNull(),
});

/** One in-app help article per page and language. */
export const helpArticles = pgTable(
  'help_articles',
  {
    ...articleColumns(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  // One language's articles are read together (the index), so the language leads the key.
  (table) => [primaryKey({ columns: [table.language, table.url] })],
);

/**
 * What the platform's own help (the catalogue in @mip/shared) last wrote to each
 * page and language. An article still equal to it was never edited by a person,
 * so a newer catalogue may replace it; one that differs, or that was deleted
 * while this row stays, is the administrators' and is left alone.
 */
export const helpArticleSeeds = pgTable(
  'help_article_seeds',
  {
    ...articleColumns(),
    seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.language, table.url] })],
);
