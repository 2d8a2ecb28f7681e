import { describe, expect, it } from 'vitest';
import { anchorOf, boundingBoxOf, ZMobilityGroupInput, ZMobilitySystemInput } from './mobility.ts';

const codesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('mobility geometry helpers', () => {
  const line = {
    type: 'MultiLineString' as const,
    coordinates: [
      [
        [-8.6, 41.1],
        [-8.5, 41.2],
      ],
      [
        [-8.7, 41.0],
        [-8.65, 41.05],
      ],
    ] as [number, number][][],
  };

  it('boxes every position of a geometry', () => {
    expect(boundingBoxOf(line)).toEqual({
      minLatitude: 41.0,
      maxLatitude: 41.2,
      minLongitude: -8.7,
      maxLongitude: -8.5,
    });
  });

  it('anchors a line on its middle position and a point on itself', () => {
    expect(anchorOf(line)).toEqual({ latitude: 41.0, longitude: -8.7 });
    expect(anchorOf({ type: 'Point', coordinates: [-8.61, 41.15] })).toEqual({ latitude: 41.15, longitude: -8.61 });
  });
});

describe('ZMobilitySystemInput', () => {
  const base = {
    name: 'Trindade',
    systemType: 'STOP',
    parentId: 1,
    geometry: { type: 'Point', coordinates: [-8.6, 41.1] },
  };

  it('fills defaults and orders service days Monday first', () => {
    const parsed = ZMobilitySystemInput.parse({ ...base, serviceDays: ['SUN', 'MON', 'SUN'] });
    expect(parsed).toMatchObject({
      description: '',
      serviceDays: ['MON', 'SUN'],
      relatedInfo: null,
      active: true,
      color: null,
    });
  });

  it('names the missing group with the spec code', () => {
    expect(codesOf(ZMobilitySystemInput.safeParse({ ...base, parentId: undefined }))).toEqual([
      'parentId:MISSING_PARENT_ID',
    ]);
  });

  it('takes a cleared colour as none', () => {
    expect(ZMobilitySystemInput.parse({ ...base, color: '' }).color).toBeNull();
  });
});

describe('ZMobilityGroupInput', () => {
  it('checks each zoom range on its maximum', () => {
    const result = ZMobilityGroupInput.safeParse({
      name: 'Metro',
      type: 'STATIC',
      layerType: 'DEFAULT_LAYERS',
      minZoomFiltered: 12,
      maxZoomFiltered: 11,
    });
    expect(codesOf(result)).toEqual(['maxZoomFiltered:INVALID_ZOOM_RANGE']);
  });
});
