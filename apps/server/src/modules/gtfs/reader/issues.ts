import type { TGtfsIssue } from '@mip/shared';
// Not the package's index: that loads zod and every schema into the GTFS worker thread, for a list of codes.
import { GTFS_ERROR_CODES, type TGtfsIssueCode } from '@mip/shared/gtfs-issue-codes';

const ERROR_CODES = new Set<string>(GTFS_ERROR_CODES);
/** A feed with a million broken rows must not make a million-line report: the first ones of each kind are listed. */
export const LISTED_PER_KIND = 50;
const MAX_VALUE_LENGTH = 100;

const BYTE_UNITS = ['GB', 'MB', 'KB'] as const;

/** A limit as the report states it: "4 GB", "1 MB", "512 KB" (powers of 1024), or bytes when it is not round. */
export function formatByteSize(bytes: number): string {
  for (const [i, unit] of BYTE_UNITS.entries()) {
    const size = 1024 ** (BYTE_UNITS.length - i);
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${bytes} bytes`;
}

export interface TIssueAt {
  file?: string | null;
  row?: number | null;
  field?: string | null;
  value?: string | number | null;
}

/** What a collector holds, as plain data: it crosses from the import's worker thread to the job runner. */
export interface TIssueSnapshot {
  issues: TGtfsIssue[];
  errorCount: number;
  warningCount: number;
  omittedCount: number;
}

/** Collects a feed's problems: every one counted, the first of each kind (code and file) listed. */
export class IssueCollector {
  readonly issues: TGtfsIssue[] = [];
  errorCount = 0;
  warningCount = 0;
  omittedCount = 0;
  private readonly listedByKind = new Map<string, number>();

  add(code: TGtfsIssueCode, at: TIssueAt = {}): void {
    const severity = ERROR_CODES.has(code) ? 'ERROR' : 'WARNING';
    if (severity === 'ERROR') this.errorCount++;
    else this.warningCount++;
    const kind = `${code}\u0000${at.file ?? ''}`;
    const listed = this.listedByKind.get(kind) ?? 0;
    if (listed >= LISTED_PER_KIND) {
      this.omittedCount++;
      return;
    }
    this.listedByKind.set(kind, listed + 1);
    const value = at.value === undefined || at.value === null ? null : String(at.value);
    this.issues.push({
      severity,
      code,
      file: at.file ?? null,
      row: at.row ?? null,
      field: at.field ?? null,
      value: value && value.length > MAX_VALUE_LENGTH ? `${value.slice(0, MAX_VALUE_LENGTH)}…` : value,
    });
  }

  static fromSnapshot(snapshot: TIssueSnapshot): IssueCollector {
    const collector = new IssueCollector();
    collector.issues.push(...snapshot.issues);
    collector.errorCount = snapshot.errorCount;
    collector.warningCount = snapshot.warningCount;
    collector.omittedCount = snapshot.omittedCount;
    return collector;
  }

  snapshot(): TIssueSnapshot {
    const { issues, errorCount, warningCount, omittedCount } = this;
    return { issues, errorCount, warningCount, omittedCount };
  }

  get hasErrors(): boolean {
    return this.errorCount > 0;
  }

  /** Errors first, then by file and line, so the report reads top to bottom. */
  sorted(): TGtfsIssue[] {
    return [...this.issues].sort(
      (a, b) =>
        (a.severity === b.severity ? 0 : a.severity === 'ERROR' ? -1 : 1) ||
        (a.file ?? '').localeCompare(b.file ?? '') ||
        (a.row ?? 0) - (b.row ?? 0),
    );
  }
}
