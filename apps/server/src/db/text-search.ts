import { type SQL, sql } from 'drizzle-orm';

/** Compares one column with one LIKE pattern. */
export type TWordMatcher = (pattern: string) => SQL;

/** A search box's words, at most a handful: each one must appear somewhere, in any order. */
export function searchWords(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 8);
}

/** '%word%' for LIKE, with the user's own %, _ and \ taken literally. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Accent- and case-insensitive ("sao" finds "São"), folding each row as it is
 * read: for small tables. Accents go first: under the C locale the embedded
 * database runs with, lower() leaves "Á" alone but lowers the "A" that
 * unaccent makes of it.
 */
export const byFoldedText =
  (column: SQL): TWordMatcher =>
  (pattern) =>
    sql`lower(f_unaccent(${column})) like lower(f_unaccent(${pattern}))`;

/**
 * For a column already folded when written (lower case, no accents: the
 * search_text columns, emails): only the typed word is folded, and a plain
 * trigram index on the column serves.
 */
export const byFoldedColumn =
  (column: SQL): TWordMatcher =>
  (pattern) =>
    sql`${column} like lower(f_unaccent(${pattern}))`;

/**
 * Every word of the search box found by at least one of the matchers, or
 * undefined (no condition) when the box is empty.
 */
export function matchesSearch(text: string | undefined, matchers: TWordMatcher[]): SQL | undefined {
  const words = searchWords(text);
  if (words.length === 0) return undefined;
  return sql.join(
    words.map((word) => {
      const pattern = containsPattern(word);
      return sql`(${sql.join(
        matchers.map((match) => match(pattern)),
        sql` or `,
      )})`;
    }),
    sql` and `,
  );
}
