import type { THelpArticle, THelpArticleInput, THelpArticleQuery, THelpListItem, TLanguage } from '@mip/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { helpArticles } from '../../db/schema/index.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { fieldErrors, notFound } from '../../http/errors.ts';
import { hasVisibleContent, sanitizeRichHtml } from '../../lib/rich-html.ts';
import { helpRecordId, toHelpArticle, toHelpArticleRecord, toHelpListItem } from './help.presenter.ts';

const isArticle = ({ language, url }: THelpArticleQuery) =>
  and(eq(helpArticles.language, language), eq(helpArticles.url, url));

/** GET /help/list: one language's articles, by category then title, for the help index. */
export async function listHelpArticles(db: TExecutor, language: TLanguage): Promise<THelpListItem[]> {
  const rows = await db
    .select({ url: helpArticles.url, title: helpArticles.title, category: helpArticles.category })
    .from(helpArticles)
    .where(eq(helpArticles.language, language))
    .orderBy(
      sql`${helpArticles.category} collate pt_natural`,
      sql`${helpArticles.title} collate pt_natural`,
      asc(helpArticles.url),
    );
  return rows.map(toHelpListItem);
}

/** GET /help/: the article of one page in one language; 404 when the page has none yet. */
export async function readHelpArticle(db: TExecutor, key: THelpArticleQuery): Promise<THelpArticle> {
  const [row] = await db.select().from(helpArticles).where(isArticle(key));
  if (!row) throw notFound();
  return toHelpArticle(row);
}

/**
 * Serialises writes to one article, so two first saves racing for the same
 * page cannot both be audited as its creation.
 */
async function lockArticleKey(tx: TExecutor, { language, url }: THelpArticleQuery) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`help_article:${language}:${url}`}))`);
}

/** PUT /help/: creates the page's article or replaces it; the contents are stored sanitised. */
export async function saveHelpArticle(
  db: TDatabase,
  key: THelpArticleQuery,
  input: THelpArticleInput,
  actor: TActor,
): Promise<THelpArticle> {
  const contents = sanitizeRichHtml(input.contents);
  // What is left after sanitising must still say something: markup alone, or only a script, is no article.
  if (!hasVisibleContent(contents)) throw fieldErrors([{ property: 'contents', error: 'MISSING_CONTENTS' }]);
  return db.transaction(async (tx) => {
    await lockArticleKey(tx, key);
    const [before] = await tx.select().from(helpArticles).where(isArticle(key));
    const values = { title: input.title, category: input.category, contents, updatedByUserId: actor.userId };
    const [after] = before
      ? await tx
          .update(helpArticles)
          .set({ ...values, updatedAt: sql`now()` })
          .where(isArticle(key))
          .returning()
      : await tx
          .insert(helpArticles)
          .values({ ...key, ...values })
          .returning();
    await recordAudit(tx, actor, {
      action: before ? 'UPDATE' : 'CREATE',
      recordType: 'help_article',
      recordId: helpRecordId(key.language, key.url),
      ...(before
        ? diffRecords(toHelpArticleRecord(before), toHelpArticleRecord(after))
        : { after: toHelpArticleRecord(after) }),
    });
    return toHelpArticle(after);
  });
}

/** DELETE /help/: the page goes back to having no article in that language. */
export async function deleteHelpArticle(db: TDatabase, key: THelpArticleQuery, actor: TActor): Promise<void> {
  await db.transaction(async (tx) => {
    await lockArticleKey(tx, key);
    const [before] = await tx.delete(helpArticles).where(isArticle(key)).returning();
    if (!before) throw notFound();
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'help_article',
      recordId: helpRecordId(key.language, key.url),
      before: toHelpArticleRecord(before),
    });
  });
}
