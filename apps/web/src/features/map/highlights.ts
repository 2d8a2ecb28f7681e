/** Spec 001 §9: highlights shorter than this (an empty editor's leftovers) are not shown. */
export const HIGHLIGHTS_MIN_CHARS = 15;
export const HIGHLIGHTS_DISCARDED_KEY = 'mip.highlights.discarded';

/** A short fingerprint of the content (FNV-1a, 32 bits): enough to tell an edited text from the discarded one. */
export function contentFingerprint(content: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < content.length; index++) {
    hash ^= content.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${content.length.toString(36)}-${(hash >>> 0).toString(36)}`;
}

/** Spec 001 §2: shown unless too short or discarded as it stands now. */
export function shouldShowHighlights(content: string | undefined, discarded: string | null): boolean {
  const text = content?.trim() ?? '';
  return text.length >= HIGHLIGHTS_MIN_CHARS && contentFingerprint(text) !== discarded;
}
