import { HELP_CATALOG_ARTICLES, type THelpCatalogArticle } from '@mip/shared/help-catalog/index';
import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';
import { helpArticleSeeds, helpArticles } from '../../db/schema/index.ts';
import { sanitizeRichHtml } from '../../lib/rich-html.ts';

type TArticleText = Pick<THelpCatalogArticle, 'title' | 'category' | 'contents'>;

export interface THelpSeedOutcome {
  /** Pages that had no article in that language and got the catalogue's. */
  inserted: number;
  /** Articles nobody had edited, brought up to the catalogue's newer text. */
  updated: number;
  /** Articles an administrator edited or deleted: the catalogue's change was not applied. */
  kept: number;
}

const keyOf = (row: { language: string; url: string }) => `${row.language} ${row.url}`;
const isSameText = (a: TArticleText, b: TArticleText) =>
  a.title === b.title && a.category === b.category && a.contents === b.contents;

/**
 * Brings the help up to the platform's catalogue, at every start: a page
 * without an article gets it, and an article still as the catalogue last wrote
 * it gets the newer text. What administrators wrote, changed or deleted is
 * theirs: help_article_seeds remembers what the catalogue wrote, so a
 * difference from it (or its absence) is a person's doing.
 */
export async function seedHelpArticles(
  db: TDatabase,
  catalogue: readonly THelpCatalogArticle[] = HELP_CATALOG_ARTICLES,
): Promise<THelpSeedOutcome> {
  const outcome: THelpSeedOutcome = { inserted: 0, updated: 0, kept: 0 };
  await db.transaction(async (tx) => {
    // Two processes starting together (the API and the workers) would otherwise both insert.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('help_article_seeds'))`);
    const seeds = new Map((await tx.select().from(helpArticleSeeds)).map((row) => [keyOf(row), row]));
    // Locked until this commits, so an administrator's save in the meantime waits and is not overwritten.
    const articles = new Map(
      (await tx.select().from(helpArticles).for('update')).map((row) => [keyOf(row), row] as const),
    );

    for (const entry of catalogue) {
      const text = { title: entry.title, category: entry.category, contents: sanitizeRichHtml(entry.contents) };
      const key = { language: entry.language, url: entry.url };
      const seed = seeds.get(keyOf(entry));
      if (seed && isSameText(seed, text)) continue;
      const article = articles.get(keyOf(entry));
      if (!article && !seed) {
        await tx
          .insert(helpArticles)
          .values({ ...key, ...text })
          .onConflictDoNothing();
        outcome.inserted++;
      } else if (article && seed && isSameText(article, seed)) {
        await tx
          .update(helpArticles)
          .set({ ...text, updatedByUserId: null, updatedAt: sql`now()` })
          .where(and(eq(helpArticles.language, entry.language), eq(helpArticles.url, entry.url)));
        outcome.updated++;
      } else {
        outcome.kept++;
      }
      // Remembered even when not applied, so an administrator's version is weighed once per catalogue change.
      await tx
        .insert(helpArticleSeeds)
        .values({ ...key, ...text })
        .onConflictDoUpdate({
          target: [helpArticleSeeds.language, helpArticleSeeds.url],
          set: { ...text, seededAt: sql`now()` },
        });
    }
  });
  return outcome;
}
