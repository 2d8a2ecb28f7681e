import { describe, expect, it } from 'vitest';
import { readIotMessage, readJsonPath, sampleIotMessage } from './iot-message.ts';
import { DEFAULT_IOT_MESSAGE_FORMAT, isJsonPath, isMqttTopicFilter, ZIotQueueInput } from './schemas/iot-queues.ts';

const received = new Date('2025-03-01T10:00:00Z');
const FLAT = { ...DEFAULT_IOT_MESSAGE_FORMAT };

describe('readIotMessage', () => {
  it('reads one reading with its timestamp', () => {
    const result = readIotMessage('{"readerId":"t-1","value":21.5,"timestamp":"2025-03-01T09:59:00Z"}', FLAT, received);
    expect(result).toEqual({
      ok: true,
      readings: [{ readerId: 't-1', value: 21.5, observedAt: new Date('2025-03-01T09:59:00Z') }],
    });
  });

  it('takes the arrival time when the message has no timestamp, and epoch seconds or milliseconds when it has', () => {
    const noTime = readIotMessage('{"readerId":"a","value":"7"}', FLAT, received);
    expect(noTime.ok && noTime.readings[0]).toMatchObject({ value: 7, observedAt: received });
    const seconds = readIotMessage('{"readerId":"a","value":1,"timestamp":1740823200}', FLAT, received);
    const millis = readIotMessage('{"readerId":"a","value":1,"timestamp":1740823200000}', FLAT, received);
    expect(seconds.ok && seconds.readings[0].observedAt.toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(millis.ok && millis.readings[0].observedAt.toISOString()).toBe('2025-03-01T10:00:00.000Z');
  });

  it('reads a message carrying many readings, relative paths inside each', () => {
    const format = { readingsPath: '$.data', readerIdPath: '$.id', valuePath: '$.m[0]', timestampPath: null };
    const result = readIotMessage('{"data":[{"id":"x","m":[1]},{"id":"y","m":[2]}]}', format, received);
    expect(result.ok && result.readings.map((r) => [r.readerId, r.value])).toEqual([
      ['x', 1],
      ['y', 2],
    ]);
  });

  it('names why a message cannot be read', () => {
    expect(readIotMessage('not json', FLAT, received)).toMatchObject({ ok: false, reason: 'INVALID_JSON' });
    expect(readIotMessage('{"value":1}', FLAT, received)).toMatchObject({ ok: false, reason: 'MISSING_READER_ID' });
    expect(readIotMessage('{"readerId":"a","value":"hot"}', FLAT, received)).toMatchObject({
      ok: false,
      reason: 'INVALID_VALUE',
      detail: 'hot',
    });
    expect(readIotMessage('{"readerId":"a","value":1,"timestamp":"yesterday"}', FLAT, received)).toMatchObject({
      ok: false,
      reason: 'INVALID_TIMESTAMP',
    });
    // A local time without zone would be read in the server's zone: refused.
    expect(readIotMessage('{"readerId":"a","value":1,"timestamp":"2025-03-01T10:00"}', FLAT, received)).toMatchObject({
      ok: false,
      reason: 'INVALID_TIMESTAMP',
    });
    const many = { ...FLAT, readingsPath: '$.list' };
    expect(readIotMessage('{"list":[]}', many, received)).toMatchObject({ ok: false, reason: 'MISSING_READINGS' });
  });

  it('writes a sample message its own format reads back', () => {
    const format = {
      readingsPath: '$.payload.items',
      readerIdPath: '$.sensor.id',
      valuePath: '$.v',
      timestampPath: '$.t',
    };
    const sample = sampleIotMessage(format, 'river-3', 2.4, received);
    expect(readIotMessage(sample, format, received)).toEqual({
      ok: true,
      readings: [{ readerId: 'river-3', value: 2.4, observedAt: received }],
    });
  });
});

describe('paths and topics', () => {
  it('accepts dotted paths with indexes only', () => {
    expect(isJsonPath('$.a.b[2].c')).toBe(true);
    expect(isJsonPath('$')).toBe(true);
    expect(isJsonPath('a.b')).toBe(false);
    expect(isJsonPath('$..a')).toBe(false);
    expect(readJsonPath({ a: [{ b: 3 }] }, '$.a[0].b')).toBe(3);
    expect(readJsonPath({ a: 1 }, '$.constructor')).toBeUndefined();
  });

  it('checks MQTT topic filters', () => {
    expect(isMqttTopicFilter('sensors/+/temperature')).toBe(true);
    expect(isMqttTopicFilter('sensors/#')).toBe(true);
    expect(isMqttTopicFilter('sensors/#/x')).toBe(false);
    expect(isMqttTopicFilter('sensors/a+')).toBe(false);
  });

  it('refuses credentials in the broker address and a URL of another protocol', () => {
    const base = { name: 'Q', protocol: 'MQTT_5', topic: 't', format: FLAT, enabled: true } as const;
    const errorsOf = (input: object) => ZIotQueueInput.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(errorsOf({ ...base, url: 'mqtt://user:secret@broker:1883' })).toEqual(['URL_WITH_CREDENTIALS']);
    expect(errorsOf({ ...base, url: 'amqp://broker' })).toEqual(['INVALID_URL']);
    expect(errorsOf({ ...base, url: 'mqtt://broker:1883' })).toBeUndefined();
  });
});
