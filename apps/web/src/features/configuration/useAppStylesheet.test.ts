import { describe, expect, it } from 'vitest';
import { appStylesheetHref } from './useAppStylesheet';

describe('appStylesheetHref', () => {
  it('asks for the platform’s stylesheet, or the application’s under /app/{appId} (spec 000 §7)', () => {
    expect(appStylesheetHref(null)).toBe('/api/configuration/public/app-style');
    expect(appStylesheetHref('7')).toBe('/api/applications/7/app-style');
  });

  it('asks for a fresh copy once the configuration has been read again', () => {
    expect(appStylesheetHref('7', 1750000000000)).toBe('/api/applications/7/app-style?revision=1750000000000');
  });
});
