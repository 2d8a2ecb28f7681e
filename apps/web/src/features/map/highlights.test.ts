import { describe, expect, it } from 'vitest';
import { contentFingerprint, shouldShowHighlights } from './highlights';

describe('dashboard highlights', () => {
  const text = '<p>Novas carreiras a partir de segunda-feira.</p>';

  it('skips content under 15 characters and nothing at all', () => {
    expect(shouldShowHighlights(undefined, null)).toBe(false);
    expect(shouldShowHighlights('<p>Olá</p>     ', null)).toBe(false);
    expect(shouldShowHighlights('<p>Olá, Porto!</p>', null)).toBe(true);
  });

  it('stays hidden while the content is the discarded one, and shows again once it changes', () => {
    const discarded = contentFingerprint(text);
    expect(shouldShowHighlights(text, discarded)).toBe(false);
    expect(shouldShowHighlights(`  ${text}\n`, discarded)).toBe(false);
    expect(shouldShowHighlights(text.replace('segunda', 'terça'), discarded)).toBe(true);
  });

  it('fingerprints tell texts apart and are stable', () => {
    expect(contentFingerprint(text)).toBe(contentFingerprint(text));
    expect(contentFingerprint('abc')).not.toBe(contentFingerprint('abd'));
  });
});
