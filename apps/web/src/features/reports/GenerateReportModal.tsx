import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import type { TParameterValues, TReportFormat, TReportTemplateSummary } from '@mip/shared';
import { IconAlertCircle, IconCalendarPlus, IconFileDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useAppPath } from '../../app/paths';
import { notifyInvalidForm, scrollToFirstError } from '../../components/form-error';
import { notify } from '../../components/notify';
import { ParameterFields } from '../../components/query-parameters/ParameterFields';
import {
  givenParameterValues,
  initialParameterValues,
  parameterValueErrors,
} from '../../components/query-parameters/parameter-values';
import { errorText, showServerError } from '../../components/server-errors';
import { ReportFormatField } from './ReportFormatField';
import { ReportJobModal } from './ReportJobProgress';
import { downloadReport, queueReport } from './useReports';

/** Field errors of the generate call that name a parameter (`parameters.<name>`), as texts by variable name. */
export function parameterErrorTexts(
  t: Parameters<typeof errorText>[0],
  errors: { property: string; error: string }[],
): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const { property, error } of errors) {
    const name = /^parameters[.[]([a-z0-9_]+)\]?$/.exec(property)?.[1];
    if (name) texts[name] ??= errorText(t, error);
  }
  return texts;
}

/**
 * Generate (spec 001 §3): the template's parameters and a format. A report
 * that is not async downloads at once; an async one shows its progress here
 * and ends with its file, which also lands in the personal files.
 */
export function GenerateReportModal({ template, onClose }: { template: TReportTemplateSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TParameterValues>(() => initialParameterValues(template.parameters));
  const [format, setFormat] = useState<TReportFormat>('CSV');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [queryFailure, setQueryFailure] = useState<{ code: string; detail: string } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const fieldsRef = useRef<HTMLDivElement>(null);
  /** As on every form: say so, and take the user to the first value in error. */
  const refuse = () => {
    notifyInvalidForm(t);
    scrollToFirstError(fieldsRef.current);
  };

  const handleGenerate = async () => {
    setQueryFailure(null);
    const found = parameterValueErrors(template.parameters, values);
    const texts = Object.fromEntries(Object.entries(found).map(([name, code]) => [name, errorText(t, code)]));
    setErrors(texts);
    if (Object.keys(texts).length > 0) {
      refuse();
      return;
    }
    const parameters = givenParameterValues(template.parameters, values);
    setBusy(true);
    try {
      if (template.async) {
        const queued = await queueReport(template.id, parameters, format);
        setJobId(queued.id);
        await queryClient.invalidateQueries({ queryKey: ['report-jobs', 'list'] });
      } else {
        await downloadReport(template, parameters, format);
        notify({ kind: 'success', title: t('common.success'), message: t('reports.generate.downloaded') });
        onClose();
      }
    } catch (error) {
      if (error instanceof ApiError && error.hasErrors) {
        setErrors(parameterErrorTexts(t, error.errors));
        refuse();
      } else if (
        error instanceof ApiError &&
        ['REPORT_QUERY_ERROR', 'QUERY_TIMEOUT', 'QUERY_UNAVAILABLE'].includes(error.code)
      ) {
        setQueryFailure({ code: error.code, detail: error.message });
      } else showServerError(t, error);
    } finally {
      setBusy(false);
    }
  };

  const title = t('reports.generate.title', { name: template.name });
  if (jobId !== null) return <ReportJobModal jobId={jobId} title={title} onClose={onClose} />;
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack gap="md" ref={fieldsRef}>
        {template.parameters.length > 0 ? (
          <ParameterFields
            definitions={template.parameters}
            values={values}
            errors={errors}
            onChange={(name, value) => {
              setValues((current) => ({ ...current, [name]: value }));
              setErrors(({ [name]: _fixed, ...others }) => others);
            }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('reports.generate.noParameters')}
          </Text>
        )}
        <ReportFormatField value={format} onChange={setFormat} />
        {template.async && (
          <Text size="sm" c="dimmed">
            {t('reports.generate.asyncHelp')}
          </Text>
        )}
        {queryFailure && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('reports.job.failed')}>
            <Stack gap={6}>
              <Text size="sm">{errorText(t, queryFailure.code)}</Text>
              <Code block>{queryFailure.detail}</Code>
            </Stack>
          </Alert>
        )}
        <Group justify="space-between">
          <Button
            component={Link}
            to={appPath(`/reports/schedules/create?templateId=${template.id}`)}
            variant="subtle"
            leftSection={<IconCalendarPlus size={16} />}
          >
            {t('reports.schedule')}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button leftSection={<IconFileDownload size={16} />} loading={isBusy} onClick={handleGenerate}>
              {t('reports.generate.submit')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
