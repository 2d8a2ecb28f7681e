import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { QUERY_PARAMETER_TYPES } from '@mip/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BRACES, newParameterDefinitionForm, type TParameterDefinitionForm } from './parameter-definition-form';
import { MONOSPACE_INPUT } from './QueryTextField';

/**
 * The parameters of a query, one card each: how the query names it, its
 * type, the label users see, whether it must be given or takes several
 * values, and its partial query. Edits the form's list at `path`.
 */
export function ParameterDefinitionRows<TValues>({
  form,
  path,
  rows,
}: {
  form: UseFormReturnType<TValues>;
  path: string;
  rows: TParameterDefinitionForm[];
}) {
  const { t } = useTranslation();
  const typeOptions = QUERY_PARAMETER_TYPES.map((type) => ({ value: type, label: t(`queryParameters.types.${type}`) }));

  return (
    <Stack gap="sm">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('queryParameters.noParameters')}
        </Text>
      )}
      {rows.map((row, index) => {
        const at = (field: keyof TParameterDefinitionForm) => `${path}.${index}.${field}`;
        const name = row.variableName || String(index + 1);
        const isSwitch = row.type === 'OPTIONAL' || row.type === 'BOOLEAN';
        return (
          <Card
            key={row.key}
            withBorder
            padding="sm"
            role="group"
            aria-label={t('queryParameters.parameterNamed', { name })}
          >
            <Stack gap="xs">
              <Grid gap="sm" align="flex-start">
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <TextInput
                    label={t('queryParameters.fields.variableName')}
                    required
                    maxLength={63}
                    styles={MONOSPACE_INPUT}
                    {...form.getInputProps(at('variableName'))}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <TextInput
                    label={t('queryParameters.fields.label')}
                    required
                    maxLength={200}
                    {...form.getInputProps(at('label'))}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 10, sm: 3 }}>
                  <Select
                    label={t('queryParameters.fields.type')}
                    required
                    searchable
                    allowDeselect={false}
                    data={typeOptions}
                    {...form.getInputProps(at('type'))}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 2, sm: 1 }} pt={30}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('queryParameters.remove', { name })}
                    onClick={() => form.removeListItem(path, index)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Grid.Col>
              </Grid>
              <Group gap="lg">
                <Checkbox
                  label={t('queryParameters.fields.mandatory')}
                  {...form.getInputProps(at('mandatory'), { type: 'checkbox' })}
                />
                <Checkbox
                  label={t('queryParameters.fields.multiple')}
                  disabled={isSwitch}
                  {...form.getInputProps(at('multiple'), { type: 'checkbox' })}
                />
              </Group>
              <Textarea
                label={t('queryParameters.fields.partialQuery')}
                description={t(
                  row.type === 'OPTIONAL'
                    ? 'queryParameters.partialQueryHelpOptional'
                    : 'queryParameters.partialQueryHelp',
                  { name: row.variableName || t('queryParameters.variablePlaceholder'), ...BRACES },
                )}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required={row.type === 'OPTIONAL'}
                autosize
                minRows={1}
                maxRows={6}
                maxLength={4000}
                styles={MONOSPACE_INPUT}
                {...form.getInputProps(at('partialQuery'))}
              />
            </Stack>
          </Card>
        );
      })}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem(path, newParameterDefinitionForm() as never)}
        >
          {t('queryParameters.add')}
        </Button>
      </Group>
    </Stack>
  );
}
