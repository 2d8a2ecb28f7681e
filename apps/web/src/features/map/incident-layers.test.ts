import type { TEventMapFeature, TMapItem } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import {
  allowedIncidentKinds,
  countIncidentFilter,
  countIncidents,
  createdBeforeCutoff,
  drawnIncidentFeatures,
  drawnIncidentKinds,
  metresToPixels,
  NO_INCIDENT_FILTER,
} from './incident-layers';

const NOW = new Date('2025-06-15T12:00:00Z');

function part(
  eid: number,
  overrides: Partial<TEventMapFeature['properties']> = {},
  geometry?: TEventMapFeature['geometry'],
) {
  return {
    type: 'Feature',
    id: eid,
    geometry: geometry ?? { type: 'Point', coordinates: [-8.61, 41.15] },
    properties: {
      _eid: eid,
      title: `Ocorrência ${eid}`,
      _category_id: 1,
      _priority: 'NORMAL',
      _creation_date: '2025-06-15T10:00:00.000Z',
      _is_public: true,
      ...overrides,
    },
  } satisfies TEventMapFeature;
}

const items: TMapItem[] = [
  {
    type: 'GROUP',
    group: { id: 9, type: 'STATIC' },
    systemsCount: 0,
    tileMetadataUrl: null,
    geometry: { type: 'FeatureCollection', features: [] },
  },
  {
    type: 'EVENT',
    group: null,
    geometry: {
      type: 'FeatureCollection',
      features: [
        part(1),
        part(1, { isAlternative: true }),
        part(2, { _category_id: 2, _priority: 'HIGH', _creation_date: '2025-05-01T00:00:00.000Z' }),
        part(3, { isCircle: true }, { type: 'Point', coordinates: [-8.61, 60] }),
      ],
    },
  },
  {
    type: 'FUTURE_EVENT',
    group: null,
    geometry: { type: 'FeatureCollection', features: [part(4)] },
  },
];

describe('drawnIncidentFeatures', () => {
  it("draws one kind's parts, never the alternative paths", () => {
    const current = drawnIncidentFeatures(items, 'EVENT', NO_INCIDENT_FILTER, NOW);
    expect(current.features.map((feature) => feature.properties._eid)).toEqual([1, 2, 3]);
    expect(countIncidents(current)).toBe(3);
    expect(drawnIncidentFeatures(items, 'FUTURE_EVENT', NO_INCIDENT_FILTER, NOW).features).toHaveLength(1);
    expect(drawnIncidentFeatures([], 'EVENT', NO_INCIDENT_FILTER, NOW).features).toEqual([]);
  });

  it('filters by category, priority and "created more than … ago" in the browser', () => {
    const ids = (filter: Parameters<typeof drawnIncidentFeatures>[2]) =>
      drawnIncidentFeatures(items, 'EVENT', filter, NOW).features.map((feature) => feature.properties._eid);
    expect(ids({ ...NO_INCIDENT_FILTER, categoryId: 2 })).toEqual([2]);
    expect(ids({ ...NO_INCIDENT_FILTER, priorities: ['HIGH', 'CRITICAL'] })).toEqual([2]);
    expect(ids({ ...NO_INCIDENT_FILTER, priorities: ['NORMAL'] })).toEqual([1, 3]);
    // Created two hours ago: not more than a day ago. Created on 1 May: more than a month, not three.
    expect(ids({ ...NO_INCIDENT_FILTER, createdBefore: 'ONE_DAY' })).toEqual([2]);
    expect(ids({ ...NO_INCIDENT_FILTER, createdBefore: 'ONE_MONTH' })).toEqual([2]);
    expect(ids({ ...NO_INCIDENT_FILTER, createdBefore: 'THREE_MONTHS' })).toEqual([]);
    expect(countIncidentFilter({ categoryId: 2, priorities: ['LOW'], createdBefore: 'ONE_DAY' })).toBe(3);
    expect(countIncidentFilter(NO_INCIDENT_FILTER)).toBe(0);
  });

  it('gives a circle its radius at zoom 0 for its own latitude', () => {
    const [, , circle] = drawnIncidentFeatures(items, 'EVENT', NO_INCIDENT_FILTER, NOW).features;
    expect((circle.properties as Record<string, unknown>)._r0).toBeCloseTo(metresToPixels(100, 60, 0), 10);
  });
});

describe('metresToPixels', () => {
  it('halves the metres per pixel with each zoom level and shrinks them towards the poles', () => {
    // At zoom 0 MapLibre's 512-pixel world spans the equator's 40,075 km.
    expect(metresToPixels(40_075_016.686, 0, 0)).toBeCloseTo(512, 6);
    expect(metresToPixels(100, 41.15, 16)).toBeCloseTo(metresToPixels(100, 41.15, 15) * 2, 6);
    // 100 m at Porto's latitude, zoom 16: about 0.9 m per pixel, so some 111 pixels.
    expect(metresToPixels(100, 41.15, 16)).toBeCloseTo(111.2, 0);
    expect(metresToPixels(100, 60, 10)).toBeCloseTo(metresToPixels(100, 0, 10) * 2, 6);
  });
});

describe('createdBeforeCutoff', () => {
  it('counts days, weeks and calendar months back from now', () => {
    expect(createdBeforeCutoff('ONE_DAY', NOW).toISOString()).toBe('2025-06-14T12:00:00.000Z');
    expect(createdBeforeCutoff('ONE_WEEK', NOW).toISOString()).toBe('2025-06-08T12:00:00.000Z');
    expect(createdBeforeCutoff('THREE_MONTHS', NOW).toISOString()).toBe('2025-03-15T12:00:00.000Z');
    expect(createdBeforeCutoff('SIX_MONTHS', NOW).toISOString()).toBe('2024-12-15T12:00:00.000Z');
  });
});

describe('drawnIncidentKinds', () => {
  it('draws the kinds picked, only those the configuration allows', () => {
    const allowed = allowedIncidentKinds(['EVENT', 'FUTURE_EVENT']);
    expect([...drawnIncidentKinds(allowed, new Set(['FUTURE_EVENT']), true, true)]).toEqual(['FUTURE_EVENT']);
    expect([...drawnIncidentKinds(['EVENT'], new Set(['EVENT', 'FUTURE_EVENT']), false, true)]).toEqual(['EVENT']);
  });

  it('with nothing picked at all, draws every allowed kind when the map shows all on an empty filter', () => {
    expect([...drawnIncidentKinds(['EVENT', 'FUTURE_EVENT'], new Set(), false, true)]).toEqual([
      'EVENT',
      'FUTURE_EVENT',
    ]);
    expect([...drawnIncidentKinds(['EVENT', 'FUTURE_EVENT'], new Set(), false, false)]).toEqual([]);
    // A group picked and no incident kind: the map shows that group only.
    expect([...drawnIncidentKinds(['EVENT'], new Set(), true, true)]).toEqual([]);
  });

  it('reads allowedSystems from the configuration, ignoring what it does not know', () => {
    expect(allowedIncidentKinds(['FUTURE_EVENT', 'OTHER'])).toEqual(['FUTURE_EVENT']);
    expect(allowedIncidentKinds(undefined)).toEqual([]);
    expect(allowedIncidentKinds('EVENT')).toEqual([]);
  });
});
