import net from 'node:net';
import { Aedes } from 'aedes';

export interface TEmbeddedBroker {
  port: number;
  close: () => Promise<void>;
}

/**
 * An MQTT broker (aedes) inside the server, so the demo queue and the "send
 * test message" action work on a machine with no broker installed. It listens
 * on 127.0.0.1 only and asks for no credentials: devices elsewhere should
 * publish to a real broker (Mosquitto, RabbitMQ…), named in the queue's URL.
 * `persistence` may be handed over from a previous instance, as a restarted
 * broker with a durable store would keep its sessions (the tests restart it).
 */
export async function startEmbeddedMqttBroker(
  port: number,
  options: { persistence?: unknown } = {},
): Promise<TEmbeddedBroker & { persistence: unknown }> {
  const broker = await Aedes.createBroker(options.persistence ? { persistence: options.persistence } : {});
  const server = net.createServer(broker.handle);
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.removeListener('error', reject);
      resolve();
    });
  }).catch(async (error) => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    throw error;
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    persistence: (broker as unknown as { persistence: unknown }).persistence,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        new Promise<void>((resolve) => broker.close(() => resolve())),
      ]);
    },
  };
}

/**
 * `npm start`'s broker: started unless MQTT_BROKER_PORT is 0; when the port is
 * taken (a Mosquitto already there, another server process) that broker is
 * used instead and nothing is started.
 */
export async function startDefaultMqttBroker(
  port: number,
  log: (message: string) => void,
): Promise<TEmbeddedBroker | null> {
  if (port === 0) return null;
  try {
    const broker = await startEmbeddedMqttBroker(port);
    log(`MQTT broker (embedded) listening on mqtt://127.0.0.1:${broker.port}`);
    return broker;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      log(`MQTT port ${port} is taken: using the broker already listening there`);
      return null;
    }
    throw error;
  }
}
