import { describe, expect, it } from 'vitest';
import { describeDevice } from './user-agent';

describe('describeDevice', () => {
  it('knows the common browsers and systems', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      ),
    ).toEqual({
      deviceType: 'desktop',
      browserName: 'Edge',
      browserVersion: '131',
      operatingSystem: 'Windows',
      operatingSystemVersion: '10.0',
    });
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.102 Mobile Safari/537.36',
      ),
    ).toMatchObject({
      deviceType: 'mobile',
      browserName: 'Chrome',
      operatingSystem: 'Android',
      operatingSystemVersion: '14',
    });
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({
      deviceType: 'mobile',
      browserName: 'Safari',
      browserVersion: '17',
      operatingSystem: 'iOS',
      operatingSystemVersion: '17.5',
    });
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toMatchObject({
      deviceType: 'desktop',
      browserName: 'Firefox',
      operatingSystem: 'Linux',
    });
  });

  it('tells tablets apart, an iPad posing as a Mac included', () => {
    const ipad =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
    expect(describeDevice(ipad, 5)).toMatchObject({ deviceType: 'tablet', operatingSystem: 'iOS' });
    expect(describeDevice(ipad, 0)).toMatchObject({ deviceType: 'desktop', operatingSystem: 'macOS' });
    expect(
      describeDevice('Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120.0 Safari/537.36'),
    ).toMatchObject({
      deviceType: 'tablet',
    });
  });

  it('answers nulls for an agent it does not know', () => {
    expect(describeDevice('curl/8.5.0')).toEqual({
      deviceType: 'desktop',
      browserName: null,
      browserVersion: null,
      operatingSystem: null,
      operatingSystemVersion: null,
    });
  });
});
