import type { THelpArticle, THelpArticleInput, THelpImage, THelpListItem, TLanguage } from '@mip/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../api/client';
import { uploadWithProgress } from '../../api/upload-with-progress';

/** Every help query starts with this, so a save or delete refreshes the index and the article at once. */
export const HELP_QUERY_KEY = ['help'];

/** GET /help/list: the index of one language, by category and title. */
export function useHelpIndex(language: TLanguage) {
  return useQuery({
    queryKey: [...HELP_QUERY_KEY, 'list', language],
    queryFn: ({ signal }) => api.get<THelpListItem[]>('help/list', { language }, signal),
  });
}

/** GET /help/: a page's article, or null when the page has none yet (the server's 404). */
export function useHelpArticle(language: TLanguage, url: string) {
  return useQuery({
    queryKey: [...HELP_QUERY_KEY, 'article', language, url],
    queryFn: ({ signal }) =>
      api.get<THelpArticle>('help/', { language, url }, signal).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  });
}

export const saveHelpArticle = (language: TLanguage, url: string, input: THelpArticleInput) =>
  api.put<THelpArticle>('help/', input, { language, url });

export const deleteHelpArticle = (language: TLanguage, url: string) =>
  api.delete<{ success: true }>('help/', { language, url });

/** POST /help/images: one picture for an article, with the upload's progress; answers its src. */
export function uploadHelpImage(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<THelpImage>('help/images', form, onProgress, signal);
}
