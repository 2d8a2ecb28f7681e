import type { TAnyJobDefinition } from './define-job.ts';
import { checkGtfsFeed, endInterruptedGtfsJob, importGtfsFeed, tidyGtfsImports } from './gtfs-imports.ts';
import { endInterruptedReportGeneration, generateReport, queueDueReportSchedules } from './reports.ts';
import { deleteExpiredFeDebug, deleteExpiredIotReadings, sweepHelpImages } from './retention-sweeps.ts';
import { forgetSentEmails, sendEmail } from './send-email.ts';
import { pollTraffic } from './traffic.ts';

/**
 * Every background job of the platform, each declared in the module named
 * for what it does (payload, retries, time budget, concurrency, cron). The
 * queues are created, and worked, by src/workers.ts.
 */
export const ALL_JOBS: TAnyJobDefinition[] = [
  // GTFS: a check per upload, an import per confirm, and what ends or tidies them.
  checkGtfsFeed,
  importGtfsFeed,
  endInterruptedGtfsJob,
  tidyGtfsImports,
  // Reports: generations, and the schedules that queue them.
  generateReport,
  endInterruptedReportGeneration,
  queueDueReportSchedules,
  // Emails, queued in the transaction of what they tell about.
  sendEmail,
  forgetSentEmails,
  // Periodic sweeps and polls.
  sweepHelpImages,
  deleteExpiredFeDebug,
  deleteExpiredIotReadings,
  pollTraffic,
];
