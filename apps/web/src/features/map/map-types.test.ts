import type { TExtraMapLayer } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { effectiveMapType, googleMapKey, googleSessionRequest, googleTilesUrl, mapTypeOptions } from './map-types';

const orthophoto: TExtraMapLayer = {
  id: 7,
  name: 'Ortofotomapa',
  type: 'WMS',
  url: 'https://wms.example.pt/ows?service=WMS&request=GetMap&bbox={bbox-epsg-3857}',
  attribution: null,
  tileSize: 256,
  maxZoom: null,
  image: null,
  backgroundColor: null,
  boundingBox: null,
  icon: null,
  color: null,
};

const values = (options: { value: string }[]) => options.map((option) => option.value);

describe('map-type options', () => {
  it('offer the base map and the extra layers; road map and satellite only when enabled with a key', () => {
    expect(values(mapTypeOptions({}, [orthophoto]))).toEqual(['BASE', 'layer-7']);
    const enabled = { enableGoogleRoadMap: true, enableGoogleSatellite: true };
    expect(values(mapTypeOptions(enabled, []))).toEqual(['BASE']);
    expect(values(mapTypeOptions({ ...enabled, googleMapApiKey: '   ' }, []))).toEqual(['BASE']);
    expect(values(mapTypeOptions({ ...enabled, googleMapApiKey: 'AIza-key' }, [orthophoto]))).toEqual([
      'BASE',
      'layer-7',
      'ROADMAP',
      'SATELLITE',
    ]);
    expect(values(mapTypeOptions({ enableGoogleSatellite: true, googleMapApiKey: 'AIza-key' }, []))).toEqual([
      'BASE',
      'SATELLITE',
    ]);
    expect(googleMapKey({ googleMapApiKey: ' AIza-key ' })).toBe('AIza-key');
  });

  it('reset to base when the map changes or the chosen layer is no longer offered', () => {
    const options = mapTypeOptions({}, [orthophoto]);
    expect(effectiveMapType({ mapId: '', value: 'layer-7' }, '', options)).toMatchObject({ value: 'layer-7' });
    expect(effectiveMapType({ mapId: '', value: 'layer-7' }, '3', options)).toEqual({ value: 'BASE' });
    expect(effectiveMapType({ mapId: '', value: 'layer-8' }, '', options)).toEqual({ value: 'BASE' });
    expect(effectiveMapType({ mapId: '', value: 'SATELLITE' }, '', options)).toEqual({ value: 'BASE' });
  });
});

describe('the map tiles session', () => {
  it('is created with the spec fields, tiles at 2x, in the user language and region', () => {
    const request = googleSessionRequest('SATELLITE', 'en-US', 'AIza key');
    expect(request.url).toBe('https://tile.googleapis.com/v1/createSession?key=AIza%20key');
    expect(request.body).toEqual({
      mapType: 'satellite',
      language: 'en-US',
      region: 'US',
      scale: 'scaleFactor2x',
      highDpi: true,
      styles: [],
      layerTypes: [],
      overlay: false,
    });
    expect(googleSessionRequest('ROADMAP', 'pt-PT', 'k').body).toMatchObject({
      mapType: 'roadmap',
      language: 'pt-PT',
      region: 'PT',
    });
  });

  it('asks 2D tiles with the session token and the key', () => {
    expect(googleTilesUrl('tok/en', 'k')).toBe(
      'https://tile.googleapis.com/v1/2dtiles/{z}/{x}/{y}?session=tok%2Fen&key=k',
    );
  });
});
