/** Lisbon and the Atlantic islands first: where the platform's users are. */
const FIRST_ZONES = ['Europe/Lisbon', 'Atlantic/Madeira', 'Atlantic/Azores'];

/** "UTC+01:00": the zone's offset now, so a search by offset finds it too. */
function offsetOf(zone: string, now: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName')?.value;
    return part === 'GMT' ? 'UTC+00:00' : (part?.replace('GMT', 'UTC') ?? '');
  } catch {
    return '';
  }
}

/** The IANA time zones the browser knows, as select options with their current offset. */
export function timeZoneOptions(now = new Date()): { value: string; label: string }[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : FIRST_ZONES;
  return [...FIRST_ZONES, ...all.filter((zone) => !FIRST_ZONES.includes(zone))].map((zone) => {
    const offset = offsetOf(zone, now);
    return { value: zone, label: offset ? `${zone} (${offset})` : zone };
  });
}
