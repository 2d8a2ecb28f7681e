import { PARAMETER_ENUM_VALUES, type TQueryParameterOption, type TQueryParameterType } from '@mip/shared';
import type { TFunction } from 'i18next';
import { api } from '../../api/client';

/** Where the closed enumerations already have their names in the catalogs. */
const ENUM_LABEL_KEYS: Partial<Record<TQueryParameterType, string>> = {
  EVENT_STATUS: 'eventVocab.status',
  EVENT_PRIORITY: 'eventVocab.priority',
  LOG_PARAMETER: 'audit.actions',
};

/** The choices of a closed enumeration (event status, priority, audit action), named in the user's language; null for the other types. */
export function enumParameterOptions(t: TFunction, type: TQueryParameterType): TQueryParameterOption[] | null {
  const values = PARAMETER_ENUM_VALUES[type];
  if (!values) return null;
  const prefix = ENUM_LABEL_KEYS[type];
  return values.map((value) => ({ value, label: prefix ? t(`${prefix}.${value}`, { defaultValue: value }) : value }));
}

/**
 * Up to 50 choices matching the text, or the named ones (to show the names of
 * values already chosen); places and countries named in the user's language.
 */
export const searchParameterOptions = (
  type: TQueryParameterType,
  options: { text: string; values?: readonly (string | number)[]; language: string },
  signal?: AbortSignal,
) =>
  api.get<TQueryParameterOption[]>(
    'query-parameters/options',
    {
      type,
      universalSearch: options.text,
      ids: options.values && options.values.length > 0 ? options.values.join(',') : undefined,
      language: options.language,
    },
    signal,
  );
