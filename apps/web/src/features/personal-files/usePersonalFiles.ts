import type { TPagedList, TUserFile, TUserFileSearchQuery } from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';
import { showServerError } from '../../components/server-errors';

export type TUserFileSearch = Partial<Record<keyof TUserFileSearchQuery, unknown>>;

export function useUserFileSearch(query: TUserFileSearch) {
  return useQuery({
    queryKey: ['personal-files', 'search', query],
    queryFn: ({ signal }) => api.get<TPagedList<TUserFile>>('personal/files/search', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Saves one of the user's files under the name the server gives it. */
export const downloadUserFile = (id: number) =>
  downloadFile(`personal/files/${id}/download`, {}, { name: 'report', extension: 'bin', accept: '*/*' });

/** Downloads one of the user's files on demand, saying when it cannot, busy meanwhile. */
export function useUserFileDownload(fileId: number) {
  const { t } = useTranslation();
  const [isDownloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadUserFile(fileId);
    } catch (error) {
      showServerError(t, error);
    } finally {
      setDownloading(false);
    }
  };
  return { isDownloading, download };
}

export const deleteUserFile = (id: number) => api.delete<{ success: true }>(`personal/files/${id}`);
