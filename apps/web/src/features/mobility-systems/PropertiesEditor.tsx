import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface TPropertyRow {
  key: string;
  value: string;
}

/** Text back to the JSON value it reads as: numbers and true/false keep their type on the map. */
export function toPropertyValue(text: string): string | number | boolean | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return text;
}

export function toPropertyRows(properties: Record<string, unknown>): TPropertyRow[] {
  return Object.entries(properties).map(([key, value]) => ({
    key,
    value:
      value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value),
  }));
}

/** Free name/value pairs that travel with the system's map feature (spec 001 §3 properties). */
export function PropertiesEditor({
  value,
  onChange,
  error,
  isReadOnly,
}: {
  value: TPropertyRow[];
  onChange: (rows: TPropertyRow[]) => void;
  error?: React.ReactNode;
  isReadOnly?: boolean;
}) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<TPropertyRow>) =>
    onChange(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Stack gap="xs" data-testid="properties-editor">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('mobility.noProperties')}
        </Text>
      )}
      {value.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row's place is its identity while edited
        <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('mobility.property.key')}
            readOnly={isReadOnly}
            maxLength={100}
            value={row.key}
            onChange={(event) => update(index, { key: event.currentTarget.value })}
          />
          <TextInput
            style={{ flex: 2 }}
            label={t('mobility.property.value')}
            readOnly={isReadOnly}
            maxLength={2000}
            value={row.value}
            onChange={(event) => update(index, { value: event.currentTarget.value })}
          />
          {!isReadOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="input-sm"
              aria-label={t('mobility.property.remove', { name: row.key || index + 1 })}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
      {!isReadOnly && (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...value, { key: '', value: '' }])}
          >
            {t('mobility.property.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
