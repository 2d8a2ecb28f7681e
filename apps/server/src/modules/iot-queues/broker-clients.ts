import { isMqttProtocol, type TIotQueueProtocol } from '@mip/shared';
import type { IClientOptions, MqttClient } from 'mqtt';

/** What a consumer needs to reach its broker; the password already decrypted. */
export interface TBrokerTarget {
  protocol: TIotQueueProtocol;
  url: string;
  username: string | null;
  password: string | null;
  topic: string;
  /** MQTT client id: fixed per queue so the broker keeps its session (and unacknowledged messages) across reconnections. */
  clientId: string;
}

export interface TDelivery {
  topic: string | null;
  payload: Buffer;
  /** Acknowledges the message (MQTT PUBACK, AMQP ack) on the connection it came through; a no-op once that is gone. */
  ack: () => void;
}

export interface TBrokerSession {
  close: () => Promise<void>;
}

export interface TSessionHandlers {
  onMessage: (delivery: TDelivery) => void;
  /** The connection ended by itself (broker gone, network); not called after close(). */
  onLost: (error: Error) => void;
}

const CONNECT_TIMEOUT_MS = 5_000;
/** Messages a consumer may hold unacknowledged: the bound of its in-memory buffer. */
export const IN_FLIGHT_LIMIT = 1000;

function amqpUrl(target: TBrokerTarget): string {
  const url = new URL(target.url);
  if (target.username) url.username = encodeURIComponent(target.username);
  if (target.password) url.password = encodeURIComponent(target.password);
  return url.toString();
}

function mqttOptions(target: TBrokerTarget, clientId: string, clean: boolean): IClientOptions {
  const isV5 = target.protocol === 'MQTT_5';
  return {
    protocolVersion: isV5 ? 5 : 4,
    clientId,
    clean,
    username: target.username ?? undefined,
    password: target.password ?? undefined,
    // Reconnection (with backoff) is the consumer's own, so every attempt is visible in its status.
    reconnectPeriod: 0,
    connectTimeout: CONNECT_TIMEOUT_MS,
    resubscribe: false,
    // MQTT 5: the broker keeps the session for a day and sends at most IN_FLIGHT_LIMIT unacknowledged messages.
    ...(isV5 && !clean ? { properties: { sessionExpiryInterval: 86_400, receiveMaximum: IN_FLIGHT_LIMIT } } : {}),
  };
}

/** The broker libraries load with the first queue, not with the server (they slow every start). */
const loadMqtt = async () => (await import('mqtt')).default;
const loadAmqp = async () => (await import('amqplib')).default;

/**
 * `prepare` runs before the client reads anything: a resumed session's waiting messages come right
 * behind the CONNACK, in the same read, and any message handled before its handler is in place would be
 * acknowledged by mqtt.js and lost.
 */
async function connectMqtt(
  target: TBrokerTarget,
  clientId: string,
  clean: boolean,
  prepare: (client: MqttClient) => void = () => {},
): Promise<MqttClient> {
  const mqtt = await loadMqtt();
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(target.url, mqttOptions(target, clientId, clean));
    prepare(client);
    const fail = (error: Error) => {
      client.removeAllListeners();
      client.on('error', () => {});
      client.end(true);
      reject(error);
    };
    client.once('connect', () => {
      client.removeListener('error', fail);
      client.removeListener('close', onClose);
      resolve(client);
    });
    client.once('error', fail);
    const onClose = () => fail(new Error('the broker closed the connection'));
    client.once('close', onClose);
  });
}

/**
 * mqtt.js sends a QoS 1 PUBACK once `handleMessage` calls back, and reads the
 * next packet only then; waiting for storage there would store one message per
 * transaction. So the callback gets an error (mqtt.js then skips its PUBACK and
 * goes on reading) and the PUBACK is sent here once the batch is stored. mqtt.js
 * has no public call for it: `_sendPacket` is what its own PUBACK goes through.
 */
const DEFERRED_ACK = new Error('acknowledged after storage');

function sendPuback(client: MqttClient, messageId: number) {
  if (!client.connected) return;
  (client as unknown as { _sendPacket: (packet: object) => void })._sendPacket({ cmd: 'puback', messageId });
}

async function openMqttSession(target: TBrokerTarget, handlers: TSessionHandlers): Promise<TBrokerSession> {
  const client = await connectMqtt(target, target.clientId, false, (connecting) => {
    connecting.handleMessage = (packet, callback) => {
      const messageId = packet.messageId;
      if (packet.qos === 1 && messageId !== undefined) {
        handlers.onMessage({
          topic: packet.topic,
          payload: toBuffer(packet.payload),
          ack: () => sendPuback(connecting, messageId),
        });
        callback(DEFERRED_ACK);
        return;
      }
      handlers.onMessage({ topic: packet.topic, payload: toBuffer(packet.payload), ack: () => {} });
      callback();
    };
  });
  let isClosing = false;
  client.on('error', () => {});
  client.once('close', () => {
    if (!isClosing) handlers.onLost(new Error('the connection to the broker was lost'));
  });
  const granted = await client.subscribeAsync(target.topic, { qos: 1 }).catch(async (error: Error) => {
    isClosing = true;
    await client.endAsync(true).catch(() => {});
    throw error;
  });
  if (granted.some((grant) => grant.qos > 2)) {
    isClosing = true;
    await client.endAsync(true).catch(() => {});
    throw new Error(`the broker refused the subscription to ${target.topic}`);
  }
  return {
    close: async () => {
      isClosing = true;
      await client.endAsync(true).catch(() => {});
    },
  };
}

const toBuffer = (payload: Buffer | string) => (typeof payload === 'string' ? Buffer.from(payload) : payload);

async function openAmqpSession(target: TBrokerTarget, handlers: TSessionHandlers): Promise<TBrokerSession> {
  const connection = await (await loadAmqp()).connect(amqpUrl(target), { timeout: CONNECT_TIMEOUT_MS });
  let isClosing = false;
  const lose = (error: Error) => {
    if (isClosing) return;
    isClosing = true;
    handlers.onLost(error);
    connection.close().catch(() => {});
  };
  connection.on('error', () => {});
  connection.on('close', () => lose(new Error('the connection to the broker was lost')));
  try {
    const channel = await connection.createChannel();
    channel.on('error', () => {});
    channel.on('close', () => lose(new Error('the broker closed the channel')));
    await channel.assertQueue(target.topic, { durable: true });
    // The broker sends at most this many unacknowledged messages: the consumer's buffer never grows past it.
    await channel.prefetch(IN_FLIGHT_LIMIT);
    await channel.consume(
      target.topic,
      (message) => {
        if (!message) return lose(new Error('the broker cancelled the consumer'));
        handlers.onMessage({
          topic: message.fields.routingKey,
          payload: message.content,
          ack: () => {
            if (!isClosing) channel.ack(message);
          },
        });
      },
      { noAck: false },
    );
  } catch (error) {
    isClosing = true;
    await connection.close().catch(() => {});
    throw error;
  }
  return {
    close: async () => {
      isClosing = true;
      await connection.close().catch(() => {});
    },
  };
}

/** Connects and starts delivering the queue's messages; rejects when the broker cannot be reached or refuses. */
export function openBrokerSession(target: TBrokerTarget, handlers: TSessionHandlers): Promise<TBrokerSession> {
  return isMqttProtocol(target.protocol) ? openMqttSession(target, handlers) : openAmqpSession(target, handlers);
}

/** A concrete topic under an MQTT filter: wildcards become "test". */
export const testTopicFor = (filter: string) =>
  filter
    .split('/')
    .map((level) => (level === '+' || level === '#' ? 'test' : level))
    .join('/');

/**
 * Publishes one message the way a device would (MQTT QoS 1; AMQP persistent,
 * with publisher confirms), so it travels the whole way through the broker to
 * the queue's consumer.
 */
export async function publishMessage(target: TBrokerTarget, payload: string): Promise<void> {
  if (isMqttProtocol(target.protocol)) {
    const client = await connectMqtt(target, `${target.clientId}-test-${Date.now().toString(36)}`, true);
    try {
      await client.publishAsync(testTopicFor(target.topic), payload, { qos: 1 });
    } finally {
      await client.endAsync().catch(() => {});
    }
    return;
  }
  const connection = await (await loadAmqp()).connect(amqpUrl(target), { timeout: CONNECT_TIMEOUT_MS });
  connection.on('error', () => {});
  try {
    const channel = await connection.createConfirmChannel();
    await channel.assertQueue(target.topic, { durable: true });
    channel.sendToQueue(target.topic, Buffer.from(payload), { persistent: true, contentType: 'application/json' });
    await channel.waitForConfirms();
  } finally {
    await connection.close().catch(() => {});
  }
}
