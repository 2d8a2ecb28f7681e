import { describe, expect, it } from 'vitest';
import { helpUrlOf, ZHelpArticleQuery } from './help.ts';

describe('helpUrlOf', () => {
  it('keys a page on its first two path segments, digits removed', () => {
    expect(helpUrlOf('/user')).toBe('/user');
    expect(helpUrlOf('/user/create')).toBe('/user/create');
    expect(helpUrlOf('/user/42')).toBe('/user');
    expect(helpUrlOf('/entity/12/')).toBe('/entity');
    expect(helpUrlOf('/auth/reset/7/abc')).toBe('/auth/reset');
    expect(helpUrlOf('/timetable/s2')).toBe('/timetable/s');
    expect(helpUrlOf('/import-gtfs?job=3')).toBe('/import-gtfs');
  });

  it("keys a route's declared path like its addresses, parameters dropped", () => {
    expect(helpUrlOf('/entity/:id')).toBe(helpUrlOf('/entity/12'));
    expect(helpUrlOf('/dashboard/:id/edit')).toBe(helpUrlOf('/dashboard/3/edit'));
    expect(helpUrlOf('/report/:token')).toBe('/report');
    expect(helpUrlOf('/timetable/:systemId')).toBe('/timetable');
    expect(helpUrlOf('/auth/reset/:id/:token')).toBe('/auth/reset');
  });

  it("gives the map '/' and leaves an application's prefix out", () => {
    expect(helpUrlOf('/')).toBe('/');
    expect(helpUrlOf('')).toBe('/');
    expect(helpUrlOf('/app/5/')).toBe('/');
    expect(helpUrlOf('/app/5/user/9')).toBe('/user');
  });

  it('is what the API accepts as an article key, and nothing else', () => {
    expect(ZHelpArticleQuery.safeParse({ language: 'pt-PT', url: helpUrlOf('/dashboard/3') }).success).toBe(true);
    const refused = ZHelpArticleQuery.safeParse({ language: 'pt-PT', url: '/dashboard/3' });
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['url'], message: 'INVALID_URL' })]);
  });
});
