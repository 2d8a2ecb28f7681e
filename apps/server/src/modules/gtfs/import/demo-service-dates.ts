import type { TFeedModel } from '../reader/feed-model.ts';

/** yyyymmdd moved by whole years; 29 February becomes the 28th in a year without it. */
export function addYears(date: number, years: number): number {
  const year = Math.floor(date / 10_000) + years;
  const monthDay = date % 10_000;
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return year * 10_000 + (monthDay === 229 && !isLeap ? 228 : monthDay);
}

/** How many whole years move `start` to the last such day on or before `today` (never backwards). */
function yearsToReach(start: number, today: number): number {
  let years = Math.floor(today / 10_000) - Math.floor(start / 10_000);
  if (addYears(start, years) > today) years--;
  return Math.max(0, years);
}

/**
 * The demo network is a real operator's feed with a real service period, which
 * ends (Metro do Porto's ran to 31-12-2025): a newcomer would see no timetable
 * at all. So the demo's dates move forward by whole years until its period
 * starts on or before today — whole years keep fixed-date holidays
 * (25 April, 24 June, 25 December) on their days, and weekly services keep
 * their weekdays, since calendar.txt gives those by weekday — and the services
 * that ran to the feed's last day run on to a year from today. A user's own
 * imports never come here. Returns the years moved (0 when the feed already
 * covered today).
 */
export function moveServiceToToday(model: TFeedModel, today: number): number {
  if (model.startDate === null || model.endDate === null) return 0;
  const years = yearsToReach(model.startDate, today);
  const move = (date: number | null) => (date === null ? null : addYears(date, years));
  const lastDay = move(model.endDate) as number;
  const coverUntil = addYears(today, 1);
  const runOn = (date: number | null) => (date === lastDay && lastDay < coverUntil ? coverUntil : date);

  for (const service of model.services) {
    service.startDate = move(service.startDate);
    service.endDate = runOn(move(service.endDate));
  }
  for (const date of model.calendarDates) date.date = addYears(date.date, years);
  if (model.feedInfo) {
    model.feedInfo.startDate = move(model.feedInfo.startDate);
    model.feedInfo.endDate = runOn(move(model.feedInfo.endDate));
  }
  model.startDate = move(model.startDate);
  model.endDate = runOn(lastDay);
  return years;
}
