import {
  GTFS_FAILURE_CODES,
  GTFS_ISSUE_CODES,
  GTFS_JOB_PHASES,
  GTFS_JOB_STATUSES,
  ROUTE_DIRECTIONS,
} from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from '../../i18n/all-catalogs';

type TTree = { [key: string]: string | TTree };
const at = (catalog: TTree, path: string) =>
  path
    .split('.')
    .reduce<string | TTree | undefined>((node, key) => (typeof node === 'object' ? node[key] : undefined), catalog);

describe('GTFS and timetable texts', () => {
  for (const [language, catalog] of Object.entries(CATALOGS)) {
    it(`say every report code, status, phase, failure and direction in ${language}`, () => {
      const keys = [
        ...GTFS_ISSUE_CODES.map((code) => `gtfs.issues.${code}`),
        ...GTFS_JOB_STATUSES.map((status) => `gtfs.status.${status}`),
        ...GTFS_JOB_PHASES.map((phase) => `gtfs.phases.${phase}`),
        ...GTFS_FAILURE_CODES.map((code) => `gtfs.failures.${code}`),
        ...ROUTE_DIRECTIONS.map((direction) => `timetable.directions.${direction}`),
      ];
      for (const key of keys) expect(typeof at(catalog as TTree, key), key).toBe('string');
    });
  }
});
