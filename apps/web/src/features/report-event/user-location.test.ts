import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMobileBridge } from '../../lib/mobile-bridge';
import { findUserLocation, LocationUnavailableError } from './user-location';

const HOST_POSITION = { latitude: 41.1579, longitude: -8.6291 };
const BROWSER_POSITION = { latitude: 38.7223, longitude: -9.1393 };

/** A browser that knows where it is, or refuses to say. */
function geolocation(position: { latitude: number; longitude: number } | null) {
  return {
    getCurrentPosition: vi.fn((resolve: PositionCallback, reject?: PositionErrorCallback | null) => {
      if (position) resolve({ coords: position } as GeolocationPosition);
      else reject?.({ code: 1 } as GeolocationPositionError);
    }),
  } as unknown as Geolocation;
}

/** A React Native host whose answer to GET_LOCATION is `answer` (undefined: it never answers). */
function hostAnswering(answer?: unknown) {
  const window = new EventTarget();
  const asked: { id: string; messageType: string; payload: unknown }[] = [];
  const bridge = createMobileBridge({
    targets: [window],
    reactNative: {
      postMessage: (text) => {
        const message = JSON.parse(text);
        asked.push(message);
        if (answer === undefined) return;
        const event = new Event('message') as Event & { data: string };
        event.data = JSON.stringify({ id: message.id, messageType: message.messageType, payload: answer });
        queueMicrotask(() => window.dispatchEvent(event));
      },
    },
  });
  return { bridge, asked };
}

afterEach(() => vi.useRealTimers());

describe('findUserLocation', () => {
  it('inside a mobile app, takes the position the host answers to GET_LOCATION', async () => {
    const { bridge, asked } = hostAnswering({ ...HOST_POSITION, accuracy: 4 });
    const browser = geolocation(BROWSER_POSITION);
    expect(await findUserLocation(bridge, browser)).toEqual(HOST_POSITION);
    expect(asked).toEqual([{ id: expect.any(String), messageType: 'GET_LOCATION', payload: {} }]);
    expect(browser.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('asks the browser when the host answers without a position', async () => {
    const { bridge } = hostAnswering({ error: 'PERMISSION_DENIED' });
    expect(await findUserLocation(bridge, geolocation(BROWSER_POSITION))).toEqual(BROWSER_POSITION);
  });

  it('asks the browser when the host does not answer in time', async () => {
    vi.useFakeTimers();
    const { bridge } = hostAnswering();
    const found = findUserLocation(bridge, geolocation(BROWSER_POSITION));
    await vi.advanceTimersByTimeAsync(8001);
    expect(await found).toEqual(BROWSER_POSITION);
  });

  it('outside a mobile app asks only the browser, and says so when it has no position', async () => {
    expect(await findUserLocation(null, geolocation(BROWSER_POSITION))).toEqual(BROWSER_POSITION);
    await expect(findUserLocation(null, geolocation(null))).rejects.toBeInstanceOf(LocationUnavailableError);
    await expect(findUserLocation(null, undefined)).rejects.toBeInstanceOf(LocationUnavailableError);
  });
});
