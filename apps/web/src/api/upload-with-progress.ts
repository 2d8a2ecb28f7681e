import { sessionStore } from '../features/auth/session-store';
import { API_BASE, ApiError } from './client';

/**
 * A multipart upload with XMLHttpRequest rather than fetch: only it reports
 * upload progress. Errors come back as the same ApiError the rest of the app
 * handles; an aborted upload rejects with an AbortError.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path.replace(/^\//, '')}`);
    const token = sessionStore.token();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(-1, { message: 'Network failure' }));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    request.onload = () => {
      let body: unknown = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // a body that is not JSON: the status says enough
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(body as T);
        return;
      }
      if (request.status === 401 && token) sessionStore.expire();
      reject(new ApiError(request.status, body as ConstructorParameters<typeof ApiError>[1]));
    };
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
