import type { TDatabase } from '../src/db/database.ts';
import { userFiles } from '../src/db/schema/index.ts';

/** A small CSV report in the user's personal files, as a finished generation leaves it. */
export async function createReportFile(db: TDatabase, userId: number) {
  const [file] = await db
    .insert(userFiles)
    .values({
      userId,
      filename: 'relatorio.csv',
      mimeType: 'text/csv',
      size: 3,
      origin: 'REPORT',
      contents: Buffer.from('a,b'),
    })
    .returning();
  return file;
}
