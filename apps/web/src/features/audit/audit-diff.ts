/** One field of an audited change, each side as text (null when absent). */
export interface TDiffRow {
  field: string;
  before: string | null;
  after: string | null;
  isChanged: boolean;
  /** For a list of plain values on both sides: what joined it and what left it. */
  added?: string[];
  removed?: string[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nested records read as dotted fields ("profile.name"), a few levels deep. */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>, depth: number) {
  if (isPlainObject(value) && depth < 3 && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value))
      flatten(child, prefix ? `${prefix}.${key}` : key, into, depth + 1);
    return;
  }
  into.set(prefix, value);
}

const isPlainList = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null);

export function formatAuditValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isPlainList(value)) {
    return value.map((item) => String(item)).join(', ');
  }
  return JSON.stringify(value, null, 2);
}

/**
 * The field-by-field difference of an audit entry's before and after, in the
 * order the fields first appear. A value that is not a record (a bare text,
 * a list) is one row with an empty field name.
 */
export function diffAuditValues(before: unknown, after: unknown): TDiffRow[] {
  const left = new Map<string, unknown>();
  const right = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', left, 0);
  if (after !== null && after !== undefined) flatten(after, '', right, 0);
  const fields = [...new Set([...left.keys(), ...right.keys()])];
  return fields.map((field) => {
    const beforeValue = left.get(field);
    const afterValue = right.get(field);
    const beforeText = formatAuditValue(beforeValue);
    const afterText = formatAuditValue(afterValue);
    const row: TDiffRow = { field, before: beforeText, after: afterText, isChanged: beforeText !== afterText };
    if (row.isChanged && isPlainList(beforeValue) && isPlainList(afterValue)) {
      const was = new Set(beforeValue.map(String));
      const is = new Set(afterValue.map(String));
      row.added = [...is].filter((item) => !was.has(item));
      row.removed = [...was].filter((item) => !is.has(item));
    }
    return row;
  });
}
