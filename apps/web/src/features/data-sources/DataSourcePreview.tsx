import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import {
  DATA_SOURCE_PREVIEW_ROWS,
  QUERY_PARAMETER_TYPES,
  type TDataSourcePreviewInput,
  type TParameterValues,
  type TQueryParameterDefinition,
  type TQueryResult,
} from '@mip/shared';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ParameterFields } from '../../components/query-parameters/ParameterFields';
import { givenParameterValues, parameterValueErrors } from '../../components/query-parameters/parameter-values';
import { QueryResultTable } from '../../components/query-result/QueryResultTable';
import { errorText, showServerError, toFormErrors } from '../../components/server-errors';
import { previewDataSource } from './useDataSources';

const PREVIEW_PAGE_SIZE = 10;
const VALUES_PREFIX = 'values.';

/** The parameters of the form that are complete enough to ask a value for. */
function usableParameters(parameters: TDataSourcePreviewInput['parameters']): TQueryParameterDefinition[] {
  return (parameters ?? []).flatMap((parameter) =>
    parameter.variableName && (QUERY_PARAMETER_TYPES as readonly string[]).includes(parameter.type)
      ? [
          {
            ...parameter,
            label: parameter.label || parameter.variableName,
            mandatory: Boolean(parameter.mandatory),
            multiple: Boolean(parameter.multiple),
            partialQuery: parameter.partialQuery ?? null,
          },
        ]
      : [],
  );
}

/**
 * Runs the query as it stands in the form, saved or not, with values for its
 * parameters, and shows its first rows, or the database's own words when it
 * fails. Problems in the query's definition land on the form's fields.
 */
export function DataSourcePreview({
  input,
  onDefinitionErrors,
}: {
  input: Omit<TDataSourcePreviewInput, 'values'>;
  onDefinitionErrors: (errors: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const parameters = usableParameters(input.parameters);
  const [values, setValues] = useState<TParameterValues>({});
  const [valueErrors, setValueErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<TQueryResult | null>(null);
  const [queryError, setQueryError] = useState<string | null>(null);

  const preview = useMutation({
    mutationFn: previewDataSource,
    onMutate: () => {
      setQueryError(null);
      setValueErrors({});
    },
    onSuccess: setResult,
    onError: (error) => {
      setResult(null);
      if (!(error instanceof ApiError)) return showServerError(t, error);
      if (error.code === 'PREVIEW_QUERY_ERROR' || error.code === 'QUERY_TIMEOUT') {
        setQueryError(error.code === 'QUERY_TIMEOUT' ? errorText(t, error.code) : error.message);
        return;
      }
      if (!error.hasErrors) return showServerError(t, error);
      const fieldErrors = toFormErrors(t, error.errors);
      const ofValues: Record<string, string> = {};
      const ofDefinition: Record<string, string> = {};
      for (const [path, text] of Object.entries(fieldErrors)) {
        if (path.startsWith(VALUES_PREFIX)) ofValues[path.slice(VALUES_PREFIX.length)] = text;
        else ofDefinition[path] = text;
      }
      setValueErrors(ofValues);
      if (Object.keys(ofDefinition).length > 0) showServerError(t, error, () => onDefinitionErrors(ofDefinition));
    },
  });

  const handlePreview = () => {
    const errors = parameterValueErrors(parameters, values);
    if (Object.keys(errors).length > 0) {
      setValueErrors(Object.fromEntries(Object.entries(errors).map(([name, code]) => [name, errorText(t, code)])));
      return;
    }
    preview.mutate({ ...input, values: givenParameterValues(parameters, values) });
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('dataSources.preview.help', { count: DATA_SOURCE_PREVIEW_ROWS })}
      </Text>
      {parameters.length > 0 && (
        <ParameterFields
          definitions={parameters}
          values={values}
          errors={valueErrors}
          onChange={(name, value) => {
            setValues((current) => ({ ...current, [name]: value }));
            setValueErrors(({ [name]: _cleared, ...rest }) => rest);
          }}
        />
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlayerPlay size={16} />}
          loading={preview.isPending}
          onClick={handlePreview}
        >
          {t('dataSources.preview.run')}
        </Button>
      </Group>
      {queryError !== null && (
        <Alert color="red" title={t('errors.PREVIEW_QUERY_ERROR')} role="alert">
          <Code block>{queryError}</Code>
        </Alert>
      )}
      {result && (
        <Stack gap="xs" data-testid="data-source-preview-result">
          <Text size="sm">{t('dataSources.preview.columns', { columns: result.headers.join(', ') })}</Text>
          {result.truncated && (
            <Text size="sm" c="dimmed">
              {t('dataSources.preview.truncated', { count: DATA_SOURCE_PREVIEW_ROWS })}
            </Text>
          )}
          <QueryResultTable
            result={result}
            pageSize={PREVIEW_PAGE_SIZE}
            caption={t('dataSources.preview.caption')}
            emptyText={t('dataSources.preview.noRows')}
          />
        </Stack>
      )}
    </Stack>
  );
}
