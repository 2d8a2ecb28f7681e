import type { TUserFile } from '@mip/shared';
import type { userFiles } from '../../db/schema/index.ts';

export type TUserFileSummaryRow = Omit<typeof userFiles.$inferSelect, 'contents'>;

export function toUserFile(row: TUserFileSummaryRow): TUserFile {
  return {
    id: row.id,
    filename: row.filename,
    mimeType: row.mimeType,
    size: row.size,
    origin: row.origin,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a file: never its bytes. */
export function toUserFileRecord(row: TUserFileSummaryRow) {
  return {
    id: row.id,
    userId: row.userId,
    filename: row.filename,
    mimeType: row.mimeType,
    size: row.size,
    origin: row.origin,
  };
}
