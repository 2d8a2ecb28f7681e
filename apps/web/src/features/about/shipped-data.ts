/**
 * Every data set kept in the repository, where it lies and under which
 * licence (the licence file beside each one says it in full). The texts that
 * describe them are in the catalogs under `about.data.<id>`.
 */
export interface TShippedDataSet {
  id: string;
  /** Where it lies in the repository. */
  path: string;
  /** The licence file beside it. */
  licenceFile: string | null;
  /** What ships it: the running product, or only its tests. */
  usedBy: 'product' | 'tests';
}

export const SHIPPED_DATA: TShippedDataSet[] = [
  {
    id: 'metroPorto',
    path: 'apps/server/reference/gtfs/metro-porto-2025.zip',
    licenceFile: 'apps/server/reference/gtfs/metro-porto-2025.LICENSE-repo-code.txt',
    usedBy: 'product',
  },
  {
    id: 'places',
    path: 'apps/server/reference/places/districts.csv, counties.csv, parishes.csv',
    licenceFile: 'apps/server/reference/places/LICENSE-vostpt-api.md',
    usedBy: 'product',
  },
  {
    id: 'countries',
    path: 'apps/server/reference/places/countries.csv',
    licenceFile: 'apps/server/reference/places/LICENSE-i18n-iso-countries',
    usedBy: 'product',
  },
  {
    id: 'basemap',
    path: 'apps/server/reference/basemap/*.geojson',
    licenceFile: 'apps/server/reference/basemap/LICENSE-world-atlas.md',
    usedBy: 'product',
  },
  {
    id: 'gtfsSample',
    path: 'apps/server/test/fixtures/gtfs/google-sample.zip',
    licenceFile: 'apps/server/test/fixtures/gtfs/google-sample.LICENSE.txt',
    usedBy: 'tests',
  },
  {
    id: 'caltrain',
    path: 'apps/server/test/fixtures/gtfs/caltrain-2016.zip',
    licenceFile: 'apps/server/test/fixtures/gtfs/caltrain-2016.LICENSE.md',
    usedBy: 'tests',
  },
  {
    id: 'transitfeed',
    path: 'apps/server/test/fixtures/gtfs/invalid/',
    licenceFile: 'apps/server/test/fixtures/gtfs/invalid/COPYING-transitfeed',
    usedBy: 'tests',
  },
  {
    id: 'wazeNyc',
    path: 'apps/server/test/fixtures/traffic/waze-nyc-2019-03-22.json',
    licenceFile: 'apps/server/test/fixtures/traffic/waze-nyc.LICENSE.txt',
    usedBy: 'tests',
  },
  { id: 'browserFixtures', path: 'e2e/fixtures/', licenceFile: null, usedBy: 'tests' },
];
