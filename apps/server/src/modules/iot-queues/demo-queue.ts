import { DEFAULT_IOT_MESSAGE_FORMAT } from '@mip/shared';
import type { TExecutor } from '../../db/database.ts';
import { iotQueues, mobilitySystemGroups, mobilitySystemParameters, mobilitySystems } from '../../db/schema/index.ts';

export const DEMO_READER_ID = 'porto-aliados-temperatura';
export const DEMO_QUEUE_TOPIC = 'mobilidade/sensores/#';

/**
 * First run: a sensor on the map (an air station in Avenida dos Aliados with a
 * temperature parameter fed by reader DEMO_READER_ID), in a group owned by
 * `entityId` (the municipality's mobility department), and an MQTT queue on the
 * broker `npm start` brings (or MQTT_URL), so "send test message" shows a value
 * on the station's card with nothing else installed.
 */
export async function seedDemoIotQueue(tx: TExecutor, mqttUrl: string, entityId: number): Promise<void> {
  const [group] = await tx
    .insert(mobilitySystemGroups)
    .values({ name: 'Sensores', type: 'STATIC', layerType: 'DEFAULT_LAYERS', color: '#2F9E44', entityId })
    .returning({ id: mobilitySystemGroups.id });
  const [longitude, latitude] = [-8.6111, 41.1479];
  const [station] = await tx
    .insert(mobilitySystems)
    .values({
      name: 'Estação ambiental dos Aliados',
      description: 'Sensor de temperatura do ar na Avenida dos Aliados.',
      systemType: 'OTHER',
      groupId: group.id,
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      latitude,
      longitude,
      minLatitude: latitude,
      maxLatitude: latitude,
      minLongitude: longitude,
      maxLongitude: longitude,
    })
    .returning({ id: mobilitySystems.id });
  await tx.insert(mobilitySystemParameters).values({
    systemId: station.id,
    name: 'Temperatura (°C)',
    type: 'IOT',
    readerId: DEMO_READER_ID,
  });
  await tx.insert(iotQueues).values({
    name: 'Sensores da cidade (MQTT)',
    protocol: 'MQTT_3_1_1',
    url: mqttUrl,
    topic: DEMO_QUEUE_TOPIC,
    format: { ...DEFAULT_IOT_MESSAGE_FORMAT },
    enabled: true,
  });
}
