import type { TDocumentCategory, TDocumentContents, TDocumentSummary } from '@mip/shared';

interface TDocumentRow {
  id: number;
  title: string;
  filename: string;
  mimeType: string;
  category: TDocumentCategory;
  size: number;
  props: unknown;
  isPublic: boolean;
  createdAt: Date;
}

const propsOf = (props: unknown) => {
  const is360 = (props as { is360?: unknown } | null)?.is360;
  return typeof is360 === 'boolean' ? { is360 } : {};
};

export function toDocumentSummary(row: TDocumentRow): TDocumentSummary {
  return {
    id: row.id,
    title: row.title,
    filename: row.filename,
    type: row.mimeType,
    category: row.category,
    size: row.size,
    props: propsOf(row.props),
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Spec 001 §3 Document: the bytes travel as base64 in the JSON answer. */
export function toDocumentContents(
  row: Pick<TDocumentRow, 'id' | 'title' | 'filename' | 'mimeType' | 'props'> & { contents: Buffer },
): TDocumentContents {
  return {
    id: row.id,
    title: row.title,
    filename: row.filename,
    type: row.mimeType,
    contents: row.contents.toString('base64'),
    props: propsOf(row.props),
  };
}

/** What the audit log keeps of a document: never its bytes. */
export function toDocumentRecord(row: TDocumentRow & { ownerKind: string; ownerId: number }) {
  return {
    ownerKind: row.ownerKind,
    ownerId: row.ownerId,
    category: row.category,
    title: row.title,
    filename: row.filename,
    type: row.mimeType,
    size: row.size,
    props: propsOf(row.props),
  };
}
