import type { TGtfsJobStatus } from '@mip/shared';

/** Badge colours of job statuses; shades dark enough for white-on-light text contrast. */
export const STATUS_COLOURS: Record<TGtfsJobStatus, string> = {
  VALIDATING: 'blue.8',
  VALIDATED: 'yellow.4',
  INVALID: 'red.9',
  QUEUED: 'gray.7',
  IMPORTING: 'blue.8',
  SUCCEEDED: 'teal.9',
  FAILED: 'red.9',
  CANCELLED: 'gray.7',
};
