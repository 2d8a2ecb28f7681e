import type { TDocumentCategory, TDocumentContents, TDocumentOwnerKind, TDocumentSummary } from '@mip/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '../../api/client';

export interface TDocumentUpload {
  ownerKind: TDocumentOwnerKind;
  ownerId: number;
  category: TDocumentCategory;
  title: string;
  is360?: boolean;
  file: File;
}

/** POST /documents as multipart: the fields first, then the one file. */
export function uploadDocument(upload: TDocumentUpload): Promise<TDocumentSummary> {
  const form = new FormData();
  form.append('ownerKind', upload.ownerKind);
  form.append('ownerId', String(upload.ownerId));
  form.append('category', upload.category);
  form.append('title', upload.title);
  if (upload.category === 'PHOTO') form.append('is360', String(Boolean(upload.is360)));
  form.append('file', upload.file, upload.file.name);
  return api.upload<TDocumentSummary>('documents', form);
}

export const deleteDocument = (id: number) => api.delete<{ success: true }>(`documents/${id}`);

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export interface TLoadedDocument extends Omit<TDocumentContents, 'contents'> {
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * A document's bytes (spec 001 §7: GET /documents/{id}, or /documents/public/{id}
 * for visitors), decoded once and kept only while the preview is open.
 */
export function useDocumentContents(id: number | null, options: { isPublic?: boolean } = {}) {
  return useQuery({
    queryKey: ['documents', 'contents', id, Boolean(options.isPublic)],
    queryFn: async ({ signal }): Promise<TLoadedDocument> => {
      const path = options.isPublic ? `documents/public/${id}` : `documents/${id}`;
      const { contents, ...document } = await api.get<TDocumentContents>(path, undefined, signal);
      return { ...document, bytes: decodeBase64(contents) };
    },
    enabled: id !== null,
    gcTime: 0,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 3,
  });
}

/** An object URL for bytes, revoked when they change or the component goes. */
export function useObjectUrl(bytes: Uint8Array<ArrayBuffer> | undefined, type: string | undefined): string | null {
  const url = useMemo(() => (bytes ? URL.createObjectURL(new Blob([bytes], { type })) : null), [bytes, type]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** Saves the bytes under the document's own file name. */
export function downloadBytes(bytes: Uint8Array<ArrayBuffer>, filename: string, type: string) {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
