import { parseConfigurationValue, type TConfigurationEntry } from '@mip/shared';

/** The stored text of a setting, as the value its input edits. */
export function toInputValue(entry: TConfigurationEntry, raw: string): unknown {
  const parsed = parseConfigurationValue(raw);
  if (entry.kind === 'BOOLEAN') return parsed === true;
  if (entry.kind === 'SYSTEMS') return Array.isArray(parsed) ? parsed : [];
  // JSON settings (a centre, bounds, a zoom) are edited as the JSON text itself.
  if (entry.kind === 'JSON') return raw;
  return typeof parsed === 'string' ? parsed : raw;
}

export function isJsonText(value: unknown): boolean {
  try {
    JSON.parse(String(value));
    return true;
  } catch {
    return false;
  }
}

/** The text stored for a setting: JSON settings keep the JSON typed, texts are stored as JSON strings. */
export function toStoredValue(entry: TConfigurationEntry, value: unknown): string {
  if (entry.kind === 'BOOLEAN') return value ? 'true' : 'false';
  if (entry.kind === 'JSON') return JSON.stringify(JSON.parse(String(value)));
  return JSON.stringify(value);
}
