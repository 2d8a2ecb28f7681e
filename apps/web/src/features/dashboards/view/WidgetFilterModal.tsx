import { Button, Group, Modal, Stack } from '@mantine/core';
import type { TParameterValues, TQueryParameterDefinition } from '@mip/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollToFirstError } from '../../../components/form-error';
import { ParameterFields } from '../../../components/query-parameters/ParameterFields';
import { parameterValueErrors } from '../../../components/query-parameters/parameter-values';
import { errorText } from '../../../components/server-errors';

/**
 * The values a viewer picks for the parameters a widget leaves open. They
 * apply only once they all do (spec 001 §5: 'Deve indicar um valor para o
 * parâmetro' for a missing mandatory one).
 */
export function WidgetFilterModal({
  opened,
  title,
  definitions,
  values,
  serverErrors,
  onClose,
  onApply,
}: {
  opened: boolean;
  title: string;
  definitions: TQueryParameterDefinition[];
  values: TParameterValues;
  /** Codes the server gave for values it refused, by variable name. */
  serverErrors: Record<string, string>;
  onClose: () => void;
  onApply: (values: TParameterValues) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fieldsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!opened) return;
    setDraft(values);
    setErrors(Object.fromEntries(Object.entries(serverErrors).map(([name, code]) => [name, errorText(t, code)])));
  }, [opened, values, serverErrors, t]);

  const handleApply = () => {
    const codes = parameterValueErrors(definitions, draft);
    if (Object.keys(codes).length > 0) {
      setErrors(Object.fromEntries(Object.entries(codes).map(([name, code]) => [name, errorText(t, code)])));
      // As on every form: the first value missing is brought into view and focus.
      scrollToFirstError(fieldsRef.current);
      return;
    }
    onApply(draft);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('dashboards.view.filtersOf', { title })} size="lg" centered>
      <Stack gap="md" ref={fieldsRef}>
        <ParameterFields
          definitions={definitions}
          values={draft}
          errors={errors}
          columns={1}
          onChange={(name, value) => {
            setDraft((current) => ({ ...current, [name]: value }));
            setErrors(({ [name]: _cleared, ...rest }) => rest);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dashboards.view.close')}
          </Button>
          <Button onClick={handleApply}>{t('dashboards.view.apply')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
