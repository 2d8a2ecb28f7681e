import { GET_LOCATION_TIMEOUT_MS, PAGE_MESSAGE, ZLocationAnswer } from '../../lib/host-messages';
import type { TMobileBridge } from '../../lib/mobile-bridge';
import type { TPhotoLocation } from './report-form';

export class LocationUnavailableError extends Error {
  constructor() {
    super('no position from the host app nor the browser');
    this.name = 'LocationUnavailableError';
  }
}

/** The browser's position (a WebView may have no permission for it). */
function browserLocation(geolocation: Geolocation | undefined): Promise<TPhotoLocation> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new LocationUnavailableError());
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => reject(new LocationUnavailableError()),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

/**
 * Where the visitor is: inside a mobile app the host is asked first (its GPS is better and it holds the
 * permission); when it does not answer in time or answers without a position, the browser is asked.
 */
export async function findUserLocation(
  host: Pick<TMobileBridge, 'request'> | null,
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<TPhotoLocation> {
  if (host) {
    try {
      const answer = await host.request(PAGE_MESSAGE.GET_LOCATION, {}, { timeoutMs: GET_LOCATION_TIMEOUT_MS });
      const position = ZLocationAnswer.safeParse(answer.payload);
      if (position.success) return { latitude: position.data.latitude, longitude: position.data.longitude };
    } catch {
      // No answer in time: the browser's position is the next best.
    }
  }
  return browserLocation(geolocation);
}
