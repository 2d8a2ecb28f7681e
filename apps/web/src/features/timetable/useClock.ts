import { useEffect, useState } from 'react';

/** The time now, renewed every half minute: what is "next" and "in N min" moves on while a timetable stays open. */
export function useClock(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
