import { DEFAULT_TIME_ZONE, type TRulePlaceholder } from '@mip/shared';

export type TRuleTextFacts = Record<TRulePlaceholder, string>;

const DATE_TIME = new Intl.DateTimeFormat('pt-PT', {
  timeZone: DEFAULT_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

const VALUE = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 3, useGrouping: false });

/**
 * A reading's value as the platform's texts write it (they are in Portuguese,
 * like the templates staff write): decimal comma, at most three decimals, no
 * float noise (20,1, not 20.100000000000001).
 */
export function formatReadingValue(value: number): string {
  return VALUE.format(value);
}

/** Spec 001 §9 incident date format, DD-MM-YYYY HH:mm, in Lisbon time. */
export function formatObservedAt(at: Date): string {
  const parts = Object.fromEntries(DATE_TIME.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

/** The template with each {{placeholder}} replaced; unknown ones stay as written so an author sees the typo. */
export function renderRuleText(template: string, facts: TRuleTextFacts): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(facts, name) ? facts[name as TRulePlaceholder] : whole,
  );
}
