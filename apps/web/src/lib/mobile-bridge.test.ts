import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeTimeoutError, createMobileBridge, NoHostError, type TBridgeEnvironment } from './mobile-bridge';

/** A message event as a WebView or a framing page delivers it. */
function deliver(target: EventTarget, data: unknown, init: { origin?: string; source?: unknown } = {}) {
  const event = new Event('message') as Event & { data: unknown; origin: string; source: unknown };
  Object.assign(event, { data, origin: init.origin ?? '', source: init.source ?? null });
  target.dispatchEvent(event);
}

function reactNativeHost() {
  const window = new EventTarget();
  const document = new EventTarget();
  const sent: string[] = [];
  const environment: TBridgeEnvironment = {
    targets: [window, document],
    reactNative: { postMessage: (message) => void sent.push(message) },
  };
  return { window, document, sent, bridge: createMobileBridge(environment) };
}

afterEach(() => vi.useRealTimers());

describe('createMobileBridge inside a React Native WebView', () => {
  it('posts {id, messageType, payload} as JSON to the host', () => {
    const { sent, bridge } = reactNativeHost();
    expect(bridge.isInsideApp()).toBe(true);
    const id = bridge.post('OPEN_NAVIGATION', { latitude: 41.15, longitude: -8.61 });
    expect(JSON.parse(sent[0])).toEqual({
      id,
      messageType: 'OPEN_NAVIGATION',
      payload: { latitude: 41.15, longitude: -8.61 },
    });
  });

  it('answers a request with the message of the same id, from window or document', async () => {
    const { window, document, sent, bridge } = reactNativeHost();
    const first = bridge.request<{ granted: boolean }>('LOCATION_PERMISSION', null);
    const second = bridge.request('APP_VERSION', null);
    const [a, b] = sent.map((message) => JSON.parse(message).id);
    // Answers may come in any order; another message in between changes nothing.
    deliver(document, JSON.stringify({ id: 'unrelated', messageType: 'PING', payload: 1 }));
    deliver(window, JSON.stringify({ id: b, messageType: 'APP_VERSION', payload: '3.1.0' }));
    deliver(document, { id: a, messageType: 'LOCATION_PERMISSION', payload: { granted: true } });
    expect(await first).toEqual({ id: a, messageType: 'LOCATION_PERMISSION', payload: { granted: true } });
    expect((await second).payload).toBe('3.1.0');
  });

  it('gives up on a request the host never answers, and ignores a late answer', async () => {
    vi.useFakeTimers();
    const { window, sent, bridge } = reactNativeHost();
    const request = bridge.request('SHARE', { url: 'https://example.org' }, { timeoutMs: 500 });
    const rejected = expect(request).rejects.toBeInstanceOf(BridgeTimeoutError);
    vi.advanceTimersByTime(501);
    await rejected;
    const handler = vi.fn();
    bridge.onMessage('SHARE', handler);
    deliver(window, JSON.stringify({ id: JSON.parse(sent[0]).id, messageType: 'SHARE', payload: 'done' }));
    // Past its time the answer is just a message of that type.
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('hands messages the host sends of its own accord to their handlers, and skips what is not a message', () => {
    const { window, bridge } = reactNativeHost();
    const handler = vi.fn();
    const unsubscribe = bridge.onMessage('BACK_BUTTON', handler);
    deliver(window, '{"id": "1", "messageType": "BACK_BUTTON", "payload": null}');
    deliver(window, 'not json');
    deliver(window, { messageType: 'BACK_BUTTON' });
    deliver(window, 42);
    expect(handler).toHaveBeenCalledTimes(1);
    unsubscribe();
    deliver(window, '{"id": "2", "messageType": "BACK_BUTTON", "payload": null}');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('ignores what a frame inside the page posts: only the host speaks for the host', () => {
    const { window, bridge } = reactNativeHost();
    const handler = vi.fn();
    bridge.onMessage('NAVIGATE', handler);
    const embeddedFrame = {};
    deliver(window, '{"id": "1", "messageType": "NAVIGATE", "payload": {"path": "/"}}', { source: embeddedFrame });
    expect(handler).not.toHaveBeenCalled();
    // The host's own messages come with no source, or as from the page's window.
    deliver(window, '{"id": "2", "messageType": "NAVIGATE", "payload": {"path": "/"}}', { source: window });
    deliver(window, '{"id": "3", "messageType": "NAVIGATE", "payload": {"path": "/"}}');
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('stops listening once disposed', () => {
    const { window, bridge } = reactNativeHost();
    const handler = vi.fn();
    bridge.onMessage('PING', handler);
    bridge.dispose();
    deliver(window, '{"id": "1", "messageType": "PING", "payload": null}');
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('createMobileBridge in a frame', () => {
  function framedHost() {
    const window = new EventTarget();
    const parent = { postMessage: vi.fn() };
    const bridge = createMobileBridge({ targets: [window], parent, parentOrigin: 'https://app.example' });
    return { window, parent, bridge };
  }

  it("posts to the framing page, only to that page's origin", () => {
    const { parent, bridge } = framedHost();
    const id = bridge.post('READY', { version: 1 });
    expect(parent.postMessage).toHaveBeenCalledWith(
      { id, messageType: 'READY', payload: { version: 1 } },
      'https://app.example',
    );
  });

  it('takes answers only from the framing page and its origin', async () => {
    const { window, parent, bridge } = framedHost();
    const request = bridge.request('TOKEN', null, { timeoutMs: 200 });
    const id = parent.postMessage.mock.calls[0][0].id;
    deliver(
      window,
      { id, messageType: 'TOKEN', payload: 'forged' },
      { origin: 'https://evil.example', source: parent },
    );
    deliver(window, { id, messageType: 'TOKEN', payload: 'forged' }, { origin: 'https://app.example', source: {} });
    deliver(window, { id, messageType: 'TOKEN', payload: 'real' }, { origin: 'https://app.example', source: parent });
    expect((await request).payload).toBe('real');
  });
});

describe('createMobileBridge with no host', () => {
  it('says so, and refuses to post', async () => {
    const bridge = createMobileBridge({ targets: [new EventTarget()] });
    expect(bridge.isInsideApp()).toBe(false);
    expect(() => bridge.post('PING', null)).toThrow(NoHostError);
    await expect(bridge.request('PING', null)).rejects.toBeInstanceOf(NoHostError);
  });
});
