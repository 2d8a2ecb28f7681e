import type { TGtfsFeedCounts, TGtfsSummary } from '@mip/shared';
import type { TZipLimits } from '../../../config.ts';
import type { TDatabaseClient } from '../../../db/database.ts';
import { readGtfsFeed, type TReadFeedOptions, type TReadFeedResult } from '../reader/feed-reader.ts';
import type { TIssueSnapshot } from '../reader/issues.ts';
import { formatIsoDate } from '../reader/values.ts';
import { summarizeFeed } from './feed-summary.ts';
import { FeedTablesLoad } from './feed-tables.ts';
import {
  abandonLoad,
  createFeed,
  DuplicateSequenceError,
  feedCounts,
  stageFeed,
  type TImportProgress,
  type TStagedFeed,
} from './stage-feed.ts';
import { TripTimesStaging } from './trip-times-staging.ts';

export interface TFeedCheckInput {
  jobId: number;
  groupId: number;
  filePath: string;
  /** yyyymmdd: a feed whose service ended before it gets a warning. */
  today: number;
  /** Load the feed while checking it, so its confirm only swaps (one load at a time per process). */
  isStaging: boolean;
  zipLimits?: TZipLimits;
  signal: AbortSignal;
  onProgress: (progress: TImportProgress) => void;
}

/** What a check found: the report's issues and summary, the job's counts and dates, and the feed it staged. */
export interface TFeedCheck {
  issues: TIssueSnapshot;
  rowsRead: number;
  summary: TGtfsSummary | null;
  counts: TGtfsFeedCounts | null;
  startDate: string | null;
  endDate: string | null;
  staged: TStagedFeed | null;
  /** Why a feed without errors could not be staged (its confirm then loads it from the file); for the log. */
  stagingFailure: string | null;
}

async function describeRead(
  db: TDatabaseClient,
  input: TFeedCheckInput,
  read: TReadFeedResult,
): Promise<Omit<TFeedCheck, 'staged' | 'stagingFailure'>> {
  const model = read.model;
  return {
    issues: read.issues.snapshot(),
    rowsRead: read.rowsRead,
    summary: model ? await summarizeFeed(db, input.groupId, model) : null,
    counts: model ? feedCounts(model, model.stopTimeCount) : null,
    startDate: model?.startDate ? formatIsoDate(model.startDate) : null,
    endDate: model?.endDate ? formatIsoDate(model.endDate) : null,
  };
}

/**
 * Reads the upload once for both ends: checks it for the report and, when
 * staging and as long as it stays valid, loads it into a LOADING feed (COPY,
 * indexes, small tables, partition) so the confirm only swaps. A feed that
 * ends with errors, a cancel or a failure drops what was loaded. A load that
 * could not finish (a repeated sequence in a trip scattered through the file)
 * leaves nothing staged: the confirm then imports from the file and reports
 * it as before.
 */
export async function checkFeed(db: TDatabaseClient, input: TFeedCheckInput): Promise<TFeedCheck> {
  const { signal } = input;
  const readOptions: TReadFeedOptions = {
    signal,
    today: input.today,
    zipLimits: input.zipLimits,
    onProgress: (rowsDone) => input.onProgress({ phase: 'READING', rowsDone, rowsTotal: null }),
  };
  if (!input.isStaging) {
    const read = await readGtfsFeed(input.filePath, readOptions);
    return { ...(await describeRead(db, input, read)), staged: null, stagingFailure: null };
  }
  const feedId = await createFeed(db, input.groupId, input.jobId);
  const staging = new TripTimesStaging(db, feedId);
  staging.prepare();
  const tables = new FeedTablesLoad(db, feedId);
  const dropStaged = (error: Error) => abandonLoad(db, staging, tables, error);
  try {
    const read = await readGtfsFeed(input.filePath, {
      ...readOptions,
      stopTimeSink: tables.startingWith(staging.sink()),
      isCheckingEverything: true,
    });
    signal.throwIfAborted();
    let staged: TStagedFeed | null = null;
    let stagingFailure: string | null = null;
    if (read.model && !read.issues.hasErrors) {
      staged = await stageFeed(
        staging,
        tables,
        { model: read.model, rowsRead: read.rowsRead },
        // Its steps show as the import's would (indexing, systems): every row is read by then.
        { signal, onProgress: input.onProgress },
      ).catch((error: unknown) => {
        if (signal.aborted) throw error;
        if (!(error instanceof DuplicateSequenceError)) stagingFailure = String(error);
        return null;
      });
    }
    if (!staged) await dropStaged(new Error('not staged'));
    return { ...(await describeRead(db, input, read)), staged, stagingFailure };
  } catch (error) {
    await dropStaged(error as Error);
    throw error;
  }
}
