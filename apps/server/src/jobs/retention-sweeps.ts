import { z } from 'zod';
import { deleteExpiredFeDebugReports } from '../modules/fe-debug/fe-debug-retention.ts';
import { sweepUnusedHelpImages } from '../modules/help/help-images.service.ts';
import { sweepExpiredReadings } from '../modules/iot-readings/reading-retention.ts';
import { defineJob } from './define-job.ts';

/*
 * Hourly clean-ups, each at its own minute; pg-boss sends one job per
 * occurrence across every process, and `stately` keeps a slow one from
 * piling up behind itself.
 */

/** Help images no article names, a day after their upload (audited as the sweep's doing). */
export const sweepHelpImages = defineJob({
  name: 'sweep-unused-help-images',
  description: 'Deletes help images no article names, a day after their upload',
  payload: z.object({}),
  queue: { policy: 'stately', retryLimit: 1, expireInSeconds: 15 * 60 },
  schedule: '7 * * * *',
  handler:
    ({ db }) =>
    async () => {
      await sweepUnusedHelpImages(db);
    },
});

/** Browser error reports not seen for `feDebug.reportRetentionDays` days (90 by default). */
export const deleteExpiredFeDebug = defineJob({
  name: 'delete-expired-fe-debug-reports',
  description: 'Deletes the browser error reports past their retention',
  payload: z.object({}),
  queue: { policy: 'stately', retryLimit: 1, expireInSeconds: 30 * 60 },
  schedule: '17 * * * *',
  handler:
    ({ db }) =>
    async () => {
      await deleteExpiredFeDebugReports(db);
    },
});

/** IoT readings and dead letters older than `iot.readingRetentionDays` days (30 by default). */
export const deleteExpiredIotReadings = defineJob({
  name: 'delete-expired-iot-readings',
  description: 'Deletes the IoT readings and dead letters past their retention',
  payload: z.object({}),
  queue: { policy: 'stately', retryLimit: 1, expireInSeconds: 30 * 60 },
  schedule: '27 * * * *',
  handler:
    ({ db }) =>
    async () => {
      await sweepExpiredReadings(db);
    },
});
