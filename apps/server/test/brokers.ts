import net from 'node:net';
import { startEmbeddedMqttBroker, type TEmbeddedBroker } from '../src/modules/iot-queues/embedded-broker.ts';

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Mosquitto on 127.0.0.1:1883 when the machine runs it, else an aedes broker of the test's own. */
export async function mqttBrokerForTests(): Promise<{ url: string; close: () => Promise<void>; kind: string }> {
  if (await isListening(1883)) return { url: 'mqtt://127.0.0.1:1883', close: async () => {}, kind: 'mosquitto' };
  const broker = await startEmbeddedMqttBroker(0);
  return { url: `mqtt://127.0.0.1:${broker.port}`, close: broker.close, kind: 'aedes' };
}

/** RabbitMQ on 127.0.0.1:5672 (guest/guest) when reachable; null otherwise (AMQP tests are skipped). */
export async function amqpUrlForTests(): Promise<string | null> {
  return (await isListening(5672)) ? 'amqp://127.0.0.1:5672' : null;
}

/** An aedes broker that can be stopped and started again on the same port with its sessions kept. */
export async function restartableMqttBroker() {
  let broker: (TEmbeddedBroker & { persistence: unknown }) | null = await startEmbeddedMqttBroker(0);
  const port = broker.port;
  let persistence = broker.persistence;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop: async () => {
      persistence = broker?.persistence;
      await broker?.close();
      broker = null;
    },
    start: async () => {
      broker = await startEmbeddedMqttBroker(port, { persistence });
    },
    close: async () => {
      await broker?.close();
    },
  };
}
