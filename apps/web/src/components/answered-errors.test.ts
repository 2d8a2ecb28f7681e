import { describe, expect, it } from 'vitest';
import { errorsAnsweredBy } from './answered-errors';

describe('the errors a success answers', () => {
  const shown = new Map<string, string | undefined>([
    ['refused', 'save:category'],
    ['failed', 'save:category'],
    ['download', 'download:report'],
    ['unsaid', undefined],
  ]);

  it('are those about the same form or action, and no other', () => {
    expect(errorsAnsweredBy(shown, 'save:category')).toEqual(['refused', 'failed']);
    expect(errorsAnsweredBy(shown, 'download:report')).toEqual(['download']);
  });

  it('are none when the success does not say what it is about, or nothing on show is about it', () => {
    expect(errorsAnsweredBy(shown, undefined)).toEqual([]);
    expect(errorsAnsweredBy(shown, 'save:role')).toEqual([]);
  });
});
