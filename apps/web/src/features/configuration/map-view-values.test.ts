import { CONFIGURATION_CATALOG } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import {
  boundsText,
  centreText,
  MAP_VIEW_SETTINGS,
  readBoundsText,
  readCentre,
  readZoom,
  zoomText,
} from './map-view-values';

const defaultOf = (name: string) => CONFIGURATION_CATALOG.find((entry) => entry.name === name)?.defaultValue ?? '';

describe('the map view settings', () => {
  it('read the stored defaults', () => {
    expect(readCentre(defaultOf(MAP_VIEW_SETTINGS.center))).toEqual({ longitude: -8.6109, latitude: 41.1496 });
    expect(readZoom(defaultOf(MAP_VIEW_SETTINGS.zoom))).toBe(13);
    expect(readBoundsText(defaultOf(MAP_VIEW_SETTINGS.bounds))).toBeNull();
    expect(readBoundsText(defaultOf(MAP_VIEW_SETTINGS.boundsMobile))).toBeNull();
  });

  it('write what the map shows in the stored format, to about a metre', () => {
    expect(centreText({ longitude: -8.611234567, latitude: 41.149612345 })).toBe('{"lat":41.14961,"lng":-8.61123}');
    expect(zoomText(13.456789)).toBe('13.46');
    expect(
      boundsText([
        [-8.7123456, 41.1012345],
        [-8.5098765, 41.2087654],
      ]),
    ).toBe('[[-8.71235,41.10123],[-8.50988,41.20877]]');
    expect(boundsText(null)).toBe('null');
  });

  it('read back what they wrote, and nothing from text that is not a view', () => {
    const bounds = '[[-8.71235,41.10123],[-8.50988,41.20877]]';
    expect(readBoundsText(bounds)).toEqual([
      [-8.71235, 41.10123],
      [-8.50988, 41.20877],
    ]);
    expect(readCentre('{"lat":41.1,"lng":-8.6}')).toEqual({ longitude: -8.6, latitude: 41.1 });
    expect(readCentre('not json')).toBeNull();
    expect(readCentre('{"lat":"41"}')).toBeNull();
    expect(readZoom('"13"')).toBeNull();
    expect(readBoundsText('[[1,2],[0,3]]')).toBeNull();
  });
});
