import type { TGtfsIssue } from '@mip/shared';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../i18n/test-i18n';
import { issueMessage } from './ValidationReport';

const issue = (code: TGtfsIssue['code'], value: string): TGtfsIssue => ({
  severity: 'WARNING',
  code,
  file: 'stop_times.txt',
  row: null,
  field: null,
  value,
});

beforeAll(initTestI18n);

describe('a GTFS problem in words', () => {
  it('gives the day a feed ended as every other date of the screen', () => {
    expect(issueMessage(i18next.t, issue('FEED_EXPIRED', '2018-10-20'), 'pt-PT')).toBe(
      'O serviço deste ficheiro terminou em 20-10-2018: os horários já passaram.',
    );
  });

  it('groups a count the server worked out, and leaves what the feed holds as it is written there', () => {
    const untimed = issueMessage(i18next.t, issue('UNTIMED_STOPS_INTERPOLATED', '14718'), 'pt-PT');
    expect(untimed.replace(/\s/g, ' ')).toMatch(/^14 718 horários de passagem/);
    expect(issueMessage(i18next.t, issue('INVALID_DATE', '2018-10-20'), 'pt-PT')).toContain('«2018-10-20»');
  });
});
