import { z } from 'zod';
import { missingOr, ZFlexBoolean, ZPageQuery, ZSearchText } from './common.ts';

/**
 * IoT message queues (spec 000 §2 /iot-queue, §6 MANAGE_MESSAGE_QUEUES): a
 * connection to a broker whose messages carry readings of IoT readers, stored
 * as history and put on the value of the IOT parameters with the same readerId
 * (spec 001 §3 Parameter). The spec shows no fields: these are ours.
 */

export const IOT_QUEUE_PROTOCOLS = ['MQTT_3_1_1', 'MQTT_5', 'AMQP_0_9_1'] as const;
export type TIotQueueProtocol = (typeof IOT_QUEUE_PROTOCOLS)[number];

export const isMqttProtocol = (protocol: TIotQueueProtocol) => protocol !== 'AMQP_0_9_1';

/** URL schemes each protocol connects with. */
const URL_SCHEMES: Record<TIotQueueProtocol, readonly string[]> = {
  MQTT_3_1_1: ['mqtt:', 'mqtts:', 'tcp:', 'tls:', 'ws:', 'wss:'],
  MQTT_5: ['mqtt:', 'mqtts:', 'tcp:', 'tls:', 'ws:', 'wss:'],
  AMQP_0_9_1: ['amqp:', 'amqps:'],
};

/** Why a broker address does not suit the protocol, or null. Credentials belong in their own (encrypted) fields. */
export function brokerUrlProblem(
  protocol: TIotQueueProtocol,
  url: string,
): 'INVALID_URL' | 'URL_WITH_CREDENTIALS' | null {
  if (!URL.canParse(url)) return 'INVALID_URL';
  const parsed = new URL(url);
  if (!URL_SCHEMES[protocol].includes(parsed.protocol) || !parsed.hostname) return 'INVALID_URL';
  if (parsed.username || parsed.password) return 'URL_WITH_CREDENTIALS';
  return null;
}

export const IOT_QUEUE_NAME_MAX_CHARS = 200;
export const IOT_JSON_PATH_MAX_CHARS = 200;
/** A test message, and what a dead letter keeps of a message. */
export const IOT_MESSAGE_MAX_CHARS = 64 * 1024;

/**
 * A path into a JSON message: `$`, then `.name` or `[index]` steps
 * (`$.data.readings[0].value`); `$` alone is the message itself.
 */
const JSON_PATH = /^\$((\.[A-Za-z_][\w-]*)|(\[\d{1,6}\]))*$/;
export const isJsonPath = (path: string) => JSON_PATH.test(path);

const ZJsonPath = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(IOT_JSON_PATH_MAX_CHARS, { error: 'INVALID_JSON_PATH' })
    .refine(isJsonPath, { error: 'INVALID_JSON_PATH' });

const ZOptionalJsonPath = z
  .string({ error: 'INVALID_JSON_PATH' })
  .trim()
  .max(IOT_JSON_PATH_MAX_CHARS, { error: 'INVALID_JSON_PATH' })
  .refine((path) => path === '' || isJsonPath(path), { error: 'INVALID_JSON_PATH' })
  .nullish();

/**
 * How a message is read. With `readingsPath` the message carries many readings:
 * the path names their array and the other paths are read inside each item.
 * Without a timestamp path (or when the message has none) a reading is observed
 * when it arrives.
 */
export const ZIotMessageFormat = z.object({
  readingsPath: ZOptionalJsonPath,
  readerIdPath: ZJsonPath('MISSING_READER_ID_PATH'),
  valuePath: ZJsonPath('MISSING_VALUE_PATH'),
  timestampPath: ZOptionalJsonPath,
});
export type TIotMessageFormat = z.input<typeof ZIotMessageFormat>;

export const DEFAULT_IOT_MESSAGE_FORMAT = {
  readingsPath: null,
  readerIdPath: '$.readerId',
  valuePath: '$.value',
  timestampPath: '$.timestamp',
} as const;

export const ZIotQueueInput = z
  .object({
    name: z
      .string({ error: 'MISSING_NAME' })
      .trim()
      .min(1, { error: 'MISSING_NAME' })
      .max(IOT_QUEUE_NAME_MAX_CHARS, { error: 'INVALID_NAME' }),
    protocol: z.enum(IOT_QUEUE_PROTOCOLS, { error: missingOr('MISSING_PROTOCOL', 'INVALID_PROTOCOL') }),
    url: z.string({ error: 'MISSING_URL' }).trim().min(1, { error: 'MISSING_URL' }).max(2000, { error: 'INVALID_URL' }),
    username: z.string({ error: 'INVALID_USERNAME' }).max(200, { error: 'INVALID_USERNAME' }).nullish(),
    /** Absent or null keeps the stored password; '' removes it. Never sent back. */
    password: z.string({ error: 'INVALID_PASSWORD' }).max(1000, { error: 'INVALID_PASSWORD' }).nullish(),
    /** An MQTT topic filter (+ and # allowed) or an AMQP queue name. */
    topic: z
      .string({ error: 'MISSING_TOPIC' })
      .trim()
      .min(1, { error: 'MISSING_TOPIC' })
      .max(500, { error: 'INVALID_TOPIC' }),
    format: ZIotMessageFormat,
    enabled: z.boolean({ error: 'MISSING_ENABLED' }),
  })
  .superRefine((queue, context) => {
    const problem = brokerUrlProblem(queue.protocol, queue.url);
    if (problem) context.addIssue({ code: 'custom', path: ['url'], message: problem });
    if (isMqttProtocol(queue.protocol) && !isMqttTopicFilter(queue.topic)) {
      context.addIssue({ code: 'custom', path: ['topic'], message: 'INVALID_TOPIC' });
    }
  });
export type TIotQueueInput = z.input<typeof ZIotQueueInput>;

/** MQTT 3.1.1 §4.7: # only last and alone in its level, + alone in its level. */
export function isMqttTopicFilter(topic: string): boolean {
  const levels = topic.split('/');
  return levels.every(
    (level, index) =>
      (level === '#' && index === levels.length - 1) || level === '+' || !(level.includes('#') || level.includes('+')),
  );
}

/** What the consumer of a queue reports; `connected` false with no heartbeat means no process is consuming it. */
export const ZIotQueueStatus = z.object({
  connected: z.boolean(),
  /** A server process holds the queue's consumer (connected or retrying). */
  isConsuming: z.boolean(),
  lastConnectedAt: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  messagesPerMinute: z.number().int(),
  errorCount: z.number().int(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  deadLetterCount: z.number().int(),
});
export type TIotQueueStatus = z.infer<typeof ZIotQueueStatus>;

export const ZIotQueue = z.object({
  id: z.number().int(),
  name: z.string(),
  protocol: z.enum(IOT_QUEUE_PROTOCOLS),
  url: z.string(),
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  topic: z.string(),
  format: z.object({
    readingsPath: z.string().nullable(),
    readerIdPath: z.string(),
    valuePath: z.string(),
    timestampPath: z.string().nullable(),
  }),
  enabled: z.boolean(),
  status: ZIotQueueStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TIotQueue = z.infer<typeof ZIotQueue>;

export const IOT_QUEUE_SORT_PROPERTIES = ['name', 'protocol', 'createdAt', 'updatedAt'] as const;

export const ZIotQueueSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(IOT_QUEUE_SORT_PROPERTIES).optional(),
  universalSearch: ZSearchText,
  protocol: z.enum(IOT_QUEUE_PROTOCOLS).optional(),
  enabled: ZFlexBoolean.optional(),
});
export type TIotQueueSearchQuery = z.input<typeof ZIotQueueSearchQuery>;

export const ZIotTestMessageInput = z.object({
  payload: z
    .string({ error: 'MISSING_PAYLOAD' })
    .min(1, { error: 'MISSING_PAYLOAD' })
    .max(IOT_MESSAGE_MAX_CHARS, { error: 'INVALID_PAYLOAD' }),
});
export type TIotTestMessageInput = z.infer<typeof ZIotTestMessageInput>;

/** Why a message became a dead letter. */
export const IOT_DEAD_LETTER_REASONS = [
  'INVALID_JSON',
  'MISSING_READINGS',
  'MISSING_READER_ID',
  'INVALID_VALUE',
  'INVALID_TIMESTAMP',
  'UNKNOWN_READER',
] as const;
export type TIotDeadLetterReason = (typeof IOT_DEAD_LETTER_REASONS)[number];

export const ZIotDeadLetter = z.object({
  id: z.number().int(),
  queueId: z.number().int(),
  topic: z.string().nullable(),
  payload: z.string(),
  reason: z.enum(IOT_DEAD_LETTER_REASONS),
  /** The reader id, path or value the reason is about. */
  detail: z.string().nullable(),
  receivedAt: z.string(),
  replayCount: z.number().int(),
});
export type TIotDeadLetter = z.infer<typeof ZIotDeadLetter>;

export const ZIotDeadLetterSearchQuery = ZPageQuery.extend({
  reason: z.enum(IOT_DEAD_LETTER_REASONS).optional(),
});
export type TIotDeadLetterSearchQuery = z.input<typeof ZIotDeadLetterSearchQuery>;

export const ZIotDeadLetterParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  letterId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** A replay: the letters whose readings were stored, and those that still cannot be read (kept, with their reason). */
export const ZIotReplayResult = z.object({
  replayed: z.number().int(),
  stillFailing: z.number().int(),
  readings: z.number().int(),
});
export type TIotReplayResult = z.infer<typeof ZIotReplayResult>;

/** The map card's chart: how far back it looks. */
export const IOT_HISTORY_HOURS = [1, 6, 24, 72] as const;
export const DEFAULT_IOT_HISTORY_HOURS = 6;
/** At most this many points per chart: older readings are averaged into buckets. */
export const IOT_HISTORY_MAX_POINTS = 120;

export const ZSystemReadingsQuery = z.object({
  hours: z.coerce
    .number()
    .int()
    .refine((hours) => (IOT_HISTORY_HOURS as readonly number[]).includes(hours), { error: 'INVALID_VALUE' })
    .default(DEFAULT_IOT_HISTORY_HOURS),
});

export const ZReadingPoint = z.object({ observedAt: z.string(), value: z.number() });
export type TReadingPoint = z.infer<typeof ZReadingPoint>;

/** The live value and recent history of each IOT parameter of a system. */
export const ZSystemReadings = z.array(
  z.object({
    parameterId: z.number().int(),
    name: z.string(),
    readerId: z.string(),
    latest: ZReadingPoint.nullable(),
    points: z.array(ZReadingPoint),
  }),
);
export type TSystemReadings = z.infer<typeof ZSystemReadings>;

export const IOT_RETENTION_SETTING = 'iot.readingRetentionDays';
export const DEFAULT_IOT_RETENTION_DAYS = 30;
