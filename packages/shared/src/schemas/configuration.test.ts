import { describe, expect, it } from 'vitest';
import { isValidColour, parseConfigurationValue, transformConfiguration } from './configuration.ts';

/** Transforms pairs written as an object, name → stored value. */
const transformed = (stored: Record<string, string>) =>
  transformConfiguration(Object.entries(stored).map(([name, value]) => ({ name, value })));

describe('transformConfiguration (spec 000 §3)', () => {
  it('drops the app. prefix and turns the remaining dots into underscores', () => {
    const config = transformed({ 'app.appTitle': '"Mobilidade Porto"', 'app.map.default.zoom': '12' });
    expect(Object.keys(config).sort()).toEqual(['appTitle', 'map_default_zoom']);
  });

  it('only drops app. at the start of a name', () => {
    expect(Object.keys(transformed({ 'my.app.title': '1' }))).toEqual(['my_app_title']);
  });

  it("turns 'true' and 'false' into booleans", () => {
    expect(transformed({ 'app.allowDarkMode': 'true', 'app.allowEventReporting': 'false' })).toEqual({
      allowDarkMode: true,
      allowEventReporting: false,
    });
  });

  it('parses other values as JSON', () => {
    expect(
      transformed({
        'app.allowedSystems': '["EVENT","FUTURE_EVENT"]',
        'app.appId': '7',
        'app.defaultCountry': '"PT"',
        'app.map': '{"zoom":12,"centre":[-8.61,41.15]}',
        'app.nothing': 'null',
      }),
    ).toEqual({
      allowedSystems: ['EVENT', 'FUTURE_EVENT'],
      appId: 7,
      defaultCountry: 'PT',
      map: { zoom: 12, centre: [-8.61, 41.15] },
      nothing: null,
    });
  });

  it('keeps a value that is not JSON as the plain string', () => {
    expect(
      transformed({
        'app.appTitle': 'Plataforma de Mobilidade',
        'app.defaultColor': '#0a6c74',
        'app.broken': '{"zoom":',
        'app.capitalised': 'True',
      }),
    ).toEqual({
      appTitle: 'Plataforma de Mobilidade',
      defaultColor: '#0a6c74',
      broken: '{"zoom":',
      capitalised: 'True',
    });
  });

  it('lets a later pair of the same name win, as an application overlay expects', () => {
    expect(
      transformConfiguration([
        { name: 'app.appTitle', value: '"Plataforma"' },
        { name: 'app.appTitle', value: '"Metro"' },
      ]),
    ).toEqual({ appTitle: 'Metro' });
  });

  it('answers an empty object for no pairs', () => {
    expect(transformConfiguration([])).toEqual({});
  });
});

describe('parseConfigurationValue', () => {
  it('reads an empty value as the empty string', () => {
    expect(parseConfigurationValue('')).toBe('');
  });
});

describe('isValidColour', () => {
  it.each([
    '#abc',
    '#ABCD',
    '#0a6c74',
    '#0A6C74CC',
    'hsl(180, 50%, 40%)',
    'hsl(180 50% 40%)',
    'hsla(180, 50%, 40%, 0.5)',
  ])('accepts %s', (colour) => {
    expect(isValidColour(colour)).toBe(true);
  });

  it.each([
    ['five hex digits', '#0a6c7'],
    ['seven hex digits', '#0a6c74c'],
    ['a colour name', 'red'],
    ['a hex without #', '0a6c74'],
    ['a non-hex digit', '#0g6c74'],
    ['rgb()', 'rgb(10, 108, 116)'],
    ['an unfinished hsl()', 'hsl(180, 50%, 40%'],
    ['CSS smuggled after a colour', '#fff; background: url(x)'],
    ['an empty string', ''],
  ])('rejects %s', (_what, colour) => {
    expect(isValidColour(colour)).toBe(false);
  });
});
