import { Alert, Code, Stack, Textarea, type TextareaProps } from '@mantine/core';
import { QUERY_MAX_CHARS } from '@mip/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';

/** Code-like fields (SQL, HTML, variable names) in the monospace font. */
export const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } };

/** The database's own words about a query the server refused to save, from its field error. */
export function queryErrorDetail(error: unknown, property = 'query'): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.errors.find((fieldError) => fieldError.property === property)?.detail ?? null;
}

/**
 * What the database said when saving a query failed (a data source's, a
 * report template's): kept from the failed save until the query changes.
 */
export function useQueryDetail() {
  const [detail, setDetail] = useState<string | null>(null);
  /** Runs a save, keeping the database's message about the query when it fails. */
  const trackSave = useCallback(async <T,>(save: () => Promise<T>): Promise<T> => {
    setDetail(null);
    try {
      return await save();
    } catch (error) {
      setDetail(queryErrorDetail(error));
      throw error;
    }
  }, []);
  /** For useForm's onValuesChange: an edited query is a new one. */
  const handleValuesChange = useCallback((values: { query: string }, previous: { query: string }) => {
    if (values.query !== previous.query) setDetail(null);
  }, []);
  return { detail, trackSave, handleValuesChange };
}

/** A query's SQL, in monospace, with the database's message below it when saving it failed. */
export function QueryTextField({ detail, ...props }: TextareaProps & { detail: string | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Textarea
        required
        autosize
        minRows={8}
        maxRows={30}
        maxLength={QUERY_MAX_CHARS}
        spellCheck={false}
        styles={MONOSPACE_INPUT}
        {...props}
      />
      {detail && props.error && (
        <Alert color="red" title={t('queryParameters.databaseSaid')} data-testid="query-error-detail">
          <Code block>{detail}</Code>
        </Alert>
      )}
    </Stack>
  );
}
