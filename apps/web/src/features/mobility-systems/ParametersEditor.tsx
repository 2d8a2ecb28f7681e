import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { PARAMETER_TYPES, type TParameterType } from '@mip/shared';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface TParameterForm {
  templateId: number | '';
  name: string;
  type: TParameterType;
  value: string;
  options: string[];
  readerId: string;
}

export const EMPTY_PARAMETER: TParameterForm = {
  templateId: '',
  name: '',
  type: 'TEXT',
  value: '',
  options: [],
  readerId: '',
};

/**
 * The parameters a system card shows (spec 001 §3): each one's input follows
 * its type — a yes/no for BOOLEAN, a choice among options for LIST, a reader
 * for IOT readings — and the list keeps the order the card shows.
 */
export function ParametersEditor({
  value,
  onChange,
  errors,
  isReadOnly,
}: {
  value: TParameterForm[];
  onChange: (parameters: TParameterForm[]) => void;
  errors: Record<string, React.ReactNode>;
  isReadOnly?: boolean;
}) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<TParameterForm>) =>
    onChange(value.map((parameter, i) => (i === index ? { ...parameter, ...patch } : parameter)));
  const move = (index: number, by: number) => {
    const next = [...value];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved);
    onChange(next);
  };
  const error = (index: number, field: string) => errors[`parameters.${index}.${field}`];

  return (
    <Stack gap="sm" data-testid="parameters-editor">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('mobility.noParameters')}
        </Text>
      )}
      {value.map((parameter, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a parameter's place in the list is its identity while edited
        <Paper key={index} withBorder p="sm">
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('mobility.parameter.name')}
                required
                readOnly={isReadOnly}
                maxLength={200}
                value={parameter.name}
                error={error(index, 'name')}
                onChange={(event) => update(index, { name: event.currentTarget.value })}
              />
              <Select
                label={t('mobility.parameter.type')}
                required
                readOnly={isReadOnly}
                allowDeselect={false}
                data={PARAMETER_TYPES.map((type) => ({ value: type, label: t(`mobility.parameterTypes.${type}`) }))}
                value={parameter.type}
                error={error(index, 'type')}
                onChange={(type) => type && update(index, { type: type as TParameterType, value: '' })}
              />
              <ParameterValueInput
                parameter={parameter}
                error={error(index, 'value')}
                isReadOnly={isReadOnly}
                onChange={(patch) => update(index, patch)}
              />
            </SimpleGrid>
            {parameter.type === 'LIST' && (
              <TagsInput
                label={t('mobility.parameter.options')}
                description={t('mobility.help.options')}
                readOnly={isReadOnly}
                value={parameter.options}
                error={error(index, 'options')}
                onChange={(options) =>
                  update(index, { options, value: options.includes(parameter.value) ? parameter.value : '' })
                }
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {parameter.type === 'IOT' && (
                <TextInput
                  label={t('mobility.parameter.readerId')}
                  required
                  readOnly={isReadOnly}
                  maxLength={200}
                  value={parameter.readerId}
                  error={error(index, 'readerId')}
                  onChange={(event) => update(index, { readerId: event.currentTarget.value })}
                />
              )}
              <NumberInput
                label={t('mobility.parameter.templateId')}
                readOnly={isReadOnly}
                min={1}
                allowDecimal={false}
                value={parameter.templateId}
                error={error(index, 'templateId')}
                onChange={(templateId) =>
                  update(index, { templateId: typeof templateId === 'number' ? templateId : '' })
                }
              />
            </SimpleGrid>
            {!isReadOnly && (
              <Group gap={4} justify="flex-end">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('mobility.parameter.moveUp', { name: parameter.name || index + 1 })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('mobility.parameter.moveDown', { name: parameter.name || index + 1 })}
                  disabled={index === value.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('mobility.parameter.remove', { name: parameter.name || index + 1 })}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
      {!isReadOnly && (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...value, EMPTY_PARAMETER])}
          >
            {t('mobility.parameter.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function ParameterValueInput({
  parameter,
  error,
  isReadOnly,
  onChange,
}: {
  parameter: TParameterForm;
  error: React.ReactNode;
  isReadOnly?: boolean;
  onChange: (patch: Partial<TParameterForm>) => void;
}) {
  const { t } = useTranslation();
  const label = t('mobility.parameter.value');
  if (parameter.type === 'BOOLEAN') {
    return (
      <Select
        label={label}
        readOnly={isReadOnly}
        clearable
        data={[
          { value: 'true', label: t('common.yes') },
          { value: 'false', label: t('common.no') },
        ]}
        value={parameter.value || null}
        error={error}
        onChange={(value) => onChange({ value: value ?? '' })}
      />
    );
  }
  if (parameter.type === 'LIST') {
    return (
      <Select
        label={label}
        readOnly={isReadOnly}
        clearable
        data={parameter.options}
        value={parameter.value || null}
        error={error}
        onChange={(value) => onChange({ value: value ?? '' })}
      />
    );
  }
  return (
    <TextInput
      label={label}
      description={parameter.type === 'IOT' ? t('mobility.help.iotValue') : undefined}
      readOnly={isReadOnly}
      value={parameter.value}
      error={error}
      onChange={(event) => onChange({ value: event.currentTarget.value })}
    />
  );
}
