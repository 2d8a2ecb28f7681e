/**
 * The bridge to a mobile app that wraps the product (spec 001 §1, §3, §7):
 * messages {id, messageType, payload} posted to the host, and the host's
 * messages received — answers matched to their question by id.
 *
 * Two hosts are known: a React Native WebView (window.ReactNativeWebView,
 * whose answers arrive as 'message' events on window or document) and a page
 * that frames the product (window.parent, answering with postMessage).
 */

export interface TBridgeMessage<TPayload = unknown> {
  id: string;
  messageType: string;
  payload: TPayload;
}

export class BridgeTimeoutError extends Error {
  readonly messageType: string;

  constructor(messageType: string, timeoutMs: number) {
    super(`the host app did not answer "${messageType}" within ${timeoutMs} ms`);
    this.name = 'BridgeTimeoutError';
    this.messageType = messageType;
  }
}

export class NoHostError extends Error {
  constructor() {
    super('the product is not running inside a host app');
    this.name = 'NoHostError';
  }
}

/** What the bridge needs of the page; tests hand in their own. */
export interface TBridgeEnvironment {
  /** Where 'message' events arrive (window; Android's WebView also dispatches on document). */
  targets: EventTarget[];
  reactNative?: { postMessage: (message: string) => void } | null;
  /** The framing page, when the product runs in an iframe. */
  parent?: { postMessage: (message: unknown, targetOrigin: string) => void } | null;
  /** Only messages from this origin are taken from the framing page, and ours go only there. */
  parentOrigin?: string | null;
}

export const DEFAULT_BRIDGE_TIMEOUT_MS = 10_000;

let sequence = 0;
const nextId = () => `${Date.now().toString(36)}-${(++sequence).toString(36)}`;

function toMessage(data: unknown): TBridgeMessage | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { id, messageType, payload } = value as Partial<TBridgeMessage>;
  if (typeof id !== 'string' || typeof messageType !== 'string') return null;
  return { id, messageType, payload };
}

/** The page's own host, if any: a React Native WebView, or the page framing this one (its origin from the referrer). */
export function browserBridgeEnvironment(): TBridgeEnvironment {
  const view = window as Window & { ReactNativeWebView?: { postMessage: (message: string) => void } };
  const isFramed = window.parent !== window;
  let parentOrigin: string | null = null;
  if (isFramed && document.referrer && URL.canParse(document.referrer))
    parentOrigin = new URL(document.referrer).origin;
  return {
    targets: [window, document],
    reactNative: view.ReactNativeWebView ?? null,
    parent: isFramed && parentOrigin ? window.parent : null,
    parentOrigin,
  };
}

export interface TMobileBridge {
  /** Whether a host app is there to talk to. */
  isInsideApp: () => boolean;
  /** Posts a message; answers its id. */
  post: <TPayload>(messageType: string, payload: TPayload, id?: string) => string;
  /** Posts a message and waits for the host's answer with the same id. */
  request: <TAnswer = unknown, TPayload = unknown>(
    messageType: string,
    payload: TPayload,
    options?: { timeoutMs?: number },
  ) => Promise<TBridgeMessage<TAnswer>>;
  /** Messages the host sends of its own accord (not answers to a request). */
  onMessage: (messageType: string, handler: (message: TBridgeMessage) => void) => () => void;
  dispose: () => void;
}

export function createMobileBridge(environment: TBridgeEnvironment = browserBridgeEnvironment()): TMobileBridge {
  const waiting = new Map<string, (message: TBridgeMessage) => void>();
  const handlers = new Map<string, Set<(message: TBridgeMessage) => void>>();

  const listener = (event: Event) => {
    const { data, origin, source } = event as MessageEvent;
    // From a framing page, only its own messages count: any other frame could post to us.
    const isFromParent = environment.parent && source === environment.parent;
    if (isFromParent && environment.parentOrigin && origin !== environment.parentOrigin) return;
    if (!isFromParent && !environment.reactNative) return;
    // A React Native host dispatches its messages on the page itself (no source, or this window): one
    // posted by a frame inside the page (a map, a video) comes from that frame and is not the host's.
    if (!isFromParent && source && !environment.targets.includes(source as unknown as EventTarget)) return;
    const message = toMessage(data);
    if (!message) return;
    const answer = waiting.get(message.id);
    if (answer) {
      waiting.delete(message.id);
      answer(message);
      return;
    }
    for (const handler of handlers.get(message.messageType) ?? []) handler(message);
  };
  for (const target of environment.targets) target.addEventListener('message', listener);

  const isInsideApp = () => Boolean(environment.reactNative || environment.parent);

  const post: TMobileBridge['post'] = (messageType, payload, id = nextId()) => {
    const message: TBridgeMessage = { id, messageType, payload };
    if (environment.reactNative) environment.reactNative.postMessage(JSON.stringify(message));
    else if (environment.parent) environment.parent.postMessage(message, environment.parentOrigin ?? '*');
    else throw new NoHostError();
    return id;
  };

  return {
    isInsideApp,
    post,
    request: <TAnswer, TPayload>(messageType: string, payload: TPayload, options: { timeoutMs?: number } = {}) => {
      const timeoutMs = options.timeoutMs ?? DEFAULT_BRIDGE_TIMEOUT_MS;
      const id = nextId();
      return new Promise<TBridgeMessage<TAnswer>>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new BridgeTimeoutError(messageType, timeoutMs));
        }, timeoutMs);
        waiting.set(id, (message) => {
          clearTimeout(timer);
          resolve(message as TBridgeMessage<TAnswer>);
        });
        try {
          post(messageType, payload, id);
        } catch (error) {
          clearTimeout(timer);
          waiting.delete(id);
          reject(error);
        }
      });
    },
    onMessage: (messageType, handler) => {
      const set = handlers.get(messageType) ?? new Set();
      set.add(handler);
      handlers.set(messageType, set);
      return () => void set.delete(handler);
    },
    dispose: () => {
      for (const target of environment.targets) target.removeEventListener('message', listener);
      waiting.clear();
      handlers.clear();
    },
  };
}
