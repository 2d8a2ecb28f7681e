/**
 * The JSON at `url`, or null when it cannot be had: no answer, an error status, a body that is not JSON. For
 * what the page reads ahead of a library that would otherwise read it itself, and leaves to it on a failure.
 * An abort is no failure: it is thrown, as the caller (a query no longer wanted) expects.
 */
export async function readJsonOrNull(url: string, init: RequestInit = {}): Promise<unknown> {
  try {
    const response = await fetch(url, init);
    if (!response.ok) return null;
    return await response.json();
  } catch (error) {
    if (init.signal?.aborted) throw error;
    return null;
  }
}
