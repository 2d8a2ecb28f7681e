import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { users } from './identity.ts';

/**
 * Pictures uploaded for help articles, re-encoded without metadata. Not tied
 * to one article: an image is uploaded while the article is being written
 * (maybe before it exists) and is kept for as long as some article's
 * contents name its address. The random id keeps unpublished drafts'
 * images from being listed by counting.
 */
export const helpImages = pgTable(
  'help_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contents: bytea('contents').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The sweep looks for old uploads first.
  (table) => [index('help_images_created_at_idx').on(table.createdAt)],
);
