import dayjs from 'dayjs';
import { sessionStore } from '../features/auth/session-store';
import { API_BASE, ApiError, toQueryString } from './client';

function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  // The UTF-8 name (RFC 5987) when the server sends one: the plain one is its ASCII stand-in, accents gone.
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded.trim());
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return plain ? decodeURIComponent(plain) : null;
}

/**
 * Downloads a file the API makes (a CSV export, say) with the session's
 * token. A plain link would not send the bearer token, so the file is fetched
 * here and handed to the browser as a Blob, under the name the server gives
 * or `{fallbackName}-{date}.{extension}`. With a `body`, the file is asked
 * for with a POST of that JSON (a widget's export carries its filters).
 */
export async function downloadFile(
  path: string,
  query: Record<string, unknown>,
  fallback: { name: string; extension: string; accept: string },
  body?: unknown,
): Promise<void> {
  const token = sessionStore.token();
  const headers: Record<string, string> = { accept: fallback.accept };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path.replace(/^\//, '')}${toQueryString(query)}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
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
  saveBlob(blob, name);
}

/** Hands a file made in the browser (or fetched) to the browser's downloads, under this name. */
export function saveBlob(blob: Blob, name: string): void {
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
