import { describe, expect, it } from 'vitest';
import { DEMO_FEED_PATH } from '../demo-feed.ts';
import type { TFeedModel } from '../reader/feed-model.ts';
import { readGtfsFeed } from '../reader/feed-reader.ts';
import { addYears, moveServiceToToday } from './demo-service-dates.ts';

async function demoModel(): Promise<TFeedModel> {
  const { model } = await readGtfsFeed(DEMO_FEED_PATH);
  if (!model) throw new Error('the demo feed did not read');
  return model;
}

/** Whether a weekly service runs on a yyyymmdd day, as the timetable decides it (calendar, then its exceptions). */
function runsOn(model: TFeedModel, serviceId: string, day: number): boolean {
  const ref = model.services.findIndex((s) => s.serviceId === serviceId) + 1;
  const service = model.services[ref - 1];
  const exception = model.calendarDates.find((d) => d.serviceRef === ref && d.date === day);
  if (exception) return exception.exceptionType === 1;
  if (service.startDate === null || service.endDate === null || day < service.startDate || day > service.endDate)
    return false;
  const y = Math.floor(day / 10_000);
  const weekday = (new Date(Date.UTC(y, (Math.floor(day / 100) % 100) - 1, day % 100)).getUTCDay() + 6) % 7;
  return (service.weekdays & (1 << weekday)) !== 0;
}

describe('the demo feed moved to today', () => {
  it('moves whole years, keeping 29 February in a year that has none', () => {
    expect(addYears(20240909, 2)).toBe(20260909);
    expect(addYears(20240229, 1)).toBe(20250228);
    expect(addYears(20240229, 4)).toBe(20280229);
  });

  it('covers today and the year after it, the weekday service running on a weekday today', async () => {
    const model = await demoModel();
    expect([model.startDate, model.endDate]).toEqual([20240815, 20251231]);
    const today = 20261125; // a Wednesday
    expect(moveServiceToToday(model, today)).toBe(2);
    expect(model.startDate).toBe(20260815);
    expect(model.endDate).toBe(20271231);
    expect(runsOn(model, 'AU', today)).toBe(true);
    expect(runsOn(model, 'AU', 20261129)).toBe(false); // a Sunday
    expect(runsOn(model, 'AU', 20271124)).toBe(true); // a year on, still served
  });

  it('keeps a fixed-date holiday on its day: 25 April runs the holiday service', async () => {
    const model = await demoModel();
    const ref = model.services.findIndex((s) => s.serviceId === 'AU') + 1;
    const before = model.calendarDates.filter((d) => d.serviceRef === ref).map((d) => d.date % 10_000);
    moveServiceToToday(model, 20261125);
    const after = model.calendarDates.filter((d) => d.serviceRef === ref).map((d) => d.date % 10_000);
    expect(after).toEqual(before);
    expect(after).toContain(425);
  });

  it('runs a short feed on to a year from today, and leaves a feed that covers today alone', async () => {
    const short = await demoModel();
    expect(moveServiceToToday(short, 20300301)).toBe(5);
    expect(short.startDate).toBe(20290815);
    expect(short.endDate).toBe(20310301);
    expect(runsOn(short, 'AU', 20310228)).toBe(true); // a Friday beyond the feed's own end

    const current = await demoModel();
    expect(moveServiceToToday(current, 20250310)).toBe(0);
    expect([current.startDate, current.endDate]).toEqual([20240815, 20260310]);
  });
});
