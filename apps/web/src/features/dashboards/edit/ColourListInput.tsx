import { ActionIcon, Button, Group, Input, Stack, Switch } from '@mantine/core';
import { PRESET_CHART_COLOURS } from '@mip/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ColourInput } from '../../../components/ColourInput';
import type { TDashboardForm } from './widget-editor';

/**
 * The "custom colours" switch of a chart and, when on, its list of colours
 * (spec 001 §5: required when enabled); otherwise the preset colours apply.
 * `prefix` is where the widget (or one of its series) keeps both fields, `entry` holds them.
 */
export function ColourListInput({
  form,
  prefix,
  entry,
}: {
  form: TDashboardForm;
  prefix: string;
  entry: { useCustomizedColors?: boolean; customizedColors?: string[] };
}) {
  const { t } = useTranslation();
  const colours = entry.customizedColors ?? [];
  const listPath = `${prefix}customizedColors`;

  return (
    <Stack gap="xs">
      <Switch
        label={t('dashboards.widget.useCustomizedColors')}
        {...form.getInputProps(`${prefix}useCustomizedColors`, { type: 'checkbox' })}
      />
      {entry.useCustomizedColors && (
        <Input.Wrapper label={t('dashboards.widget.customizedColors')} error={form.errors[listPath]} required>
          <Stack gap={6} mt={4}>
            {colours.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a colour list has no ids; entries are edited in place
              <Group key={index} gap="xs" wrap="nowrap">
                <ColourInput
                  flex={1}
                  aria-label={t('dashboards.widget.colourNumber', { number: index + 1 })}
                  {...form.getInputProps(`${listPath}.${index}`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('dashboards.widget.removeColour', { number: index + 1 })}
                  onClick={() => form.removeListItem(listPath, index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPlus size={14} />}
                onClick={() =>
                  form.insertListItem(listPath, PRESET_CHART_COLOURS[colours.length % PRESET_CHART_COLOURS.length])
                }
              >
                {t('dashboards.widget.addColour')}
              </Button>
            </Group>
          </Stack>
        </Input.Wrapper>
      )}
    </Stack>
  );
}
