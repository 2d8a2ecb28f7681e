import dayjs from 'dayjs';
import { sessionStore } from '../features/auth/session-store';
import { API_BASE, ApiError, toQueryString } from './client';

function fileNameFrom(disposition: string | null): string | null {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * Downloads a file the API makes (a CSV export, say) with the session's
 * token. A plain link would not send the bearer token, so the file is fetched
 * here and handed to the browser as a Blob, under the name the server gives
 * or `{fallbackName}-{date}.{extension}`.
 */
export async function downloadFile(
  path: string,
  query: Record<string, unknown>,
  fallback: { name: string; extension: string; accept: string },
): Promise<void> {
  const token = sessionStore.token();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path.replace(/^\//, '')}${toQueryString(query)}`, {
      headers: { accept: fallback.accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(-1, { message: 'Network failure' });
  }
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    if (response.status === 401 && token) sessionStore.expire();
    throw new ApiError(response.status, body);
  }
  const blob = await response.blob();
  const name =
    fileNameFrom(response.headers.get('content-disposition')) ??
    `${fallback.name}-${dayjs().format('YYYYMMDD-HHmmss')}.${fallback.extension}`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; free the memory on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
