import { CONFIGURATION_CATALOG, parseConfigurationValue } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { isJsonText, toInputValue, toStoredValue } from './configuration-values';

const entry = (name: string) => {
  const found = CONFIGURATION_CATALOG.find((candidate) => candidate.name === name);
  if (!found) throw new Error(name);
  return found;
};

describe('configuration values through the settings form', () => {
  it('keep a JSON setting the same value after an unchanged save', () => {
    for (const [name, raw] of [
      ['app.mapCenter', '{"lat":41.1496,"lng":-8.6109}'],
      ['app.mapZoom', '13'],
    ] as const) {
      const stored = toStoredValue(entry(name), toInputValue(entry(name), raw));
      expect(parseConfigurationValue(stored)).toEqual(JSON.parse(raw));
    }
  });

  it('store an edited JSON setting as JSON, and recognise text that is not', () => {
    expect(toStoredValue(entry('app.mapCenter'), ' { "lat": 38.72, "lng": -9.14 } ')).toBe('{"lat":38.72,"lng":-9.14}');
    expect(isJsonText('{"lat": 38.72')).toBe(false);
    expect(isJsonText('14')).toBe(true);
  });

  it('store texts as JSON strings and switches as booleans', () => {
    expect(toStoredValue(entry('app.appTitle'), 'Mobilidade Porto')).toBe('"Mobilidade Porto"');
    expect(toInputValue(entry('app.appTitle'), '"Mobilidade Porto"')).toBe('Mobilidade Porto');
    const flag = CONFIGURATION_CATALOG.find((candidate) => candidate.kind === 'BOOLEAN');
    if (flag) expect(toStoredValue(flag, true)).toBe('true');
  });
});
