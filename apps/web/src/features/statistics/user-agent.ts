/** What a usage session says about the visitor's device (spec 001 §3 usage metrics session). */
export interface TDeviceDescription {
  deviceType: 'mobile' | 'tablet' | 'desktop';
  browserName: string | null;
  browserVersion: string | null;
  operatingSystem: string | null;
  operatingSystemVersion: string | null;
}

/** Most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: [string, RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
  ['Samsung Internet', /SamsungBrowser\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari\//],
];

const SYSTEMS: [string, RegExp][] = [
  ['Windows', /Windows NT ([\d.]+)/],
  ['Android', /Android ([\d.]+)/],
  ['iOS', /(?:iPhone|iPad|iPod).*? OS ([\d_]+)/],
  ['ChromeOS', /CrOS \S+ ([\d.]+)/],
  ['macOS', /Mac OS X ([\d_.]+)/],
  ['Linux', /Linux()/],
];

function firstMatch(userAgent: string, patterns: [string, RegExp][]): [string | null, string | null] {
  for (const [name, pattern] of patterns) {
    const match = pattern.exec(userAgent);
    if (match) return [name, match[1] ? match[1].replaceAll('_', '.') : null];
  }
  return [null, null];
}

/**
 * Browser, system and kind of device from the user agent. Coarse on purpose:
 * enough for the statistics screen, and nothing that singles a visitor out.
 * An iPad that says it is a Mac is known by its touch points.
 */
export function describeDevice(userAgent: string, maxTouchPoints = 0): TDeviceDescription {
  const [browserName, browserVersion] = firstMatch(userAgent, BROWSERS);
  let [operatingSystem, operatingSystemVersion] = firstMatch(userAgent, SYSTEMS);
  const isIpadAsMac = operatingSystem === 'macOS' && maxTouchPoints > 1;
  if (isIpadAsMac) [operatingSystem, operatingSystemVersion] = ['iOS', null];
  const isTablet =
    isIpadAsMac || /iPad|Tablet/.test(userAgent) || (/Android/.test(userAgent) && !/Mobile/.test(userAgent));
  const isMobile = !isTablet && /Mobi|iPhone|iPod|Android/.test(userAgent);
  return {
    deviceType: isTablet ? 'tablet' : isMobile ? 'mobile' : 'desktop',
    browserName,
    // The major version is what tells browsers apart; the rest only tells visitors apart.
    browserVersion: browserVersion?.split('.')[0] ?? null,
    operatingSystem,
    operatingSystemVersion,
  };
}
