import { useTranslation } from 'react-i18next';

const plainFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the user's language writes it: "435 507" and "14 718" in
 * pt-PT, "435,507" in en-US. Every number the app shows goes through here, so
 * one screen never mixes two ways of writing them.
 */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  if (options) return new Intl.NumberFormat(language, options).format(value);
  let format = plainFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    plainFormats.set(language, format);
  }
  return format.format(value);
}

/** formatNumber in the language the interface is in now. */
export function useFormatNumber(): (value: number, options?: Intl.NumberFormatOptions) => string {
  const { i18n } = useTranslation();
  return (value, options) => formatNumber(value, i18n.language, options);
}
