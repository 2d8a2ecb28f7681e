import { describe, expect, it } from 'vitest';
import { readHostPayload, toAppPath, ZLocationAnswer } from './host-messages';

const ORIGIN = 'https://mobilidade.example';

describe('readHostPayload', () => {
  it('takes the payloads the catalogue describes', () => {
    expect(readHostPayload('SET_LANGUAGE', { language: 'en-US' })).toEqual({ language: 'en-US' });
    expect(readHostPayload('NAVIGATE', { path: '/incidents' })).toEqual({ path: '/incidents' });
    expect(readHostPayload('SHOW_SYSTEM', { id: 42 })).toEqual({ id: 42 });
    expect(readHostPayload('CENTER_MAP', { latitude: 41.15, longitude: -8.61 })).toEqual({
      latitude: 41.15,
      longitude: -8.61,
    });
    expect(readHostPayload('CENTER_MAP', { latitude: 41.15, longitude: -8.61, zoom: 16 })?.zoom).toBe(16);
  });

  it('refuses what a host could get wrong, so that nothing acts on it', () => {
    expect(readHostPayload('SET_LANGUAGE', { language: 'fr-FR' })).toBeNull();
    expect(readHostPayload('SET_LANGUAGE', 'en-US')).toBeNull();
    expect(readHostPayload('SHOW_SYSTEM', { id: '42' })).toBeNull();
    expect(readHostPayload('SHOW_SYSTEM', { id: 4.2 })).toBeNull();
    expect(readHostPayload('SHOW_SYSTEM', null)).toBeNull();
    expect(readHostPayload('CENTER_MAP', { latitude: 141, longitude: -8.61 })).toBeNull();
    expect(readHostPayload('CENTER_MAP', { latitude: 41.15, longitude: -8.61, zoom: 99 })).toBeNull();
    expect(readHostPayload('CENTER_MAP', { lat: 41.15, lng: -8.61 })).toBeNull();
    expect(readHostPayload('NAVIGATE', { path: 7 })).toBeNull();
  });
});

describe('toAppPath', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(toAppPath('/incidents', ORIGIN)).toBe('/incidents');
    expect(toAppPath('/app/3/?occurrence=12', ORIGIN)).toBe('/app/3/?occurrence=12');
    expect(toAppPath('/about#licences', ORIGIN)).toBe('/about#licences');
  });

  it('refuses anything that would take the visitor to another site or run code', () => {
    for (const path of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'incidents',
      '',
    ])
      expect(toAppPath(path, ORIGIN), path).toBeNull();
  });
});

describe('ZLocationAnswer', () => {
  it('is a position, or not an answer the page uses', () => {
    expect(ZLocationAnswer.safeParse({ latitude: 41.1579, longitude: -8.6291, accuracy: 5 }).success).toBe(true);
    expect(ZLocationAnswer.safeParse({ error: 'DENIED' }).success).toBe(false);
    expect(ZLocationAnswer.safeParse({ latitude: 'x', longitude: 0 }).success).toBe(false);
  });
});
