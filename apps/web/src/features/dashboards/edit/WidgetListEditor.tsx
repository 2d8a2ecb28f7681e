import { Accordion, ActionIcon, Badge, Button, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { type TWidgetSource, WIDGET_TYPES } from '@mip/shared';
import { IconArrowDown, IconArrowUp, IconChevronDown, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WIDGET_TYPE_ICONS } from '../widget-icons';
import { WidgetPreview } from './WidgetPreview';
import { WidgetSettings } from './WidgetSettings';
import type { TDashboardForm } from './widget-editor';
import { newWidgetForm, widgetIndexesWithErrors } from './widget-form';

/**
 * The dashboard's widgets in display order: add one of a type, move it up or
 * down, remove it, and open it to change its settings beside a preview of it.
 * A widget whose fields have errors (the form's own checks or the server's)
 * opens by itself.
 */
export function WidgetListEditor({
  form,
  sources,
  dashboardId,
}: {
  form: TDashboardForm;
  sources: TWidgetSource[];
  /** The dashboard being edited; null while it is being created. */
  dashboardId: number | null;
}) {
  const { t } = useTranslation();
  const widgets = form.values.widgets;
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const withErrors = widgetIndexesWithErrors(form.errors);
  const errorKeys = [...withErrors].map((index) => widgets[index]?.key).filter((key): key is string => Boolean(key));

  // biome-ignore lint/correctness/useExhaustiveDependencies: opens the widgets with errors when the errors change
  useEffect(() => {
    if (errorKeys.length > 0) setOpenKeys((open) => [...new Set([...open, ...errorKeys])]);
  }, [errorKeys.join(',')]);

  const handleAdd = (type: (typeof WIDGET_TYPES)[number]) => {
    const widget = newWidgetForm(type);
    form.insertListItem('widgets', widget);
    setOpenKeys((open) => [...open, widget.key]);
  };
  const move = (from: number, to: number) => form.reorderListItem('widgets', { from, to });

  return (
    <Stack gap="sm">
      {widgets.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('dashboards.noWidgets')}
        </Text>
      )}
      {widgets.length > 0 && (
        <Accordion multiple variant="separated" value={openKeys} onChange={setOpenKeys} chevronPosition="left">
          {widgets.map((widget, index) => {
            const Icon = WIDGET_TYPE_ICONS[widget.name];
            const typeLabel = t(`dashboards.widgetTypes.${widget.name}`);
            const name = widget.title || t('dashboards.widget.untitled', { type: typeLabel, number: index + 1 });
            return (
              <Accordion.Item key={widget.key} value={widget.key} data-testid={`widget-editor-${index}`}>
                <Group gap={4} wrap="nowrap" pr="xs">
                  <Accordion.Control icon={<Icon size={18} aria-hidden />}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} size="sm">
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {typeLabel}
                      </Text>
                      {withErrors.has(index) && (
                        <Badge color="red" variant="light" size="sm" tt="none">
                          {t('dashboards.widget.hasErrors')}
                        </Badge>
                      )}
                    </Group>
                  </Accordion.Control>
                  <Tooltip label={t('dashboards.widget.moveUp')}>
                    <ActionIcon
                      variant="subtle"
                      disabled={index === 0}
                      aria-label={t('dashboards.widget.moveUpNamed', { name })}
                      onClick={() => move(index, index - 1)}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('dashboards.widget.moveDown')}>
                    <ActionIcon
                      variant="subtle"
                      disabled={index === widgets.length - 1}
                      aria-label={t('dashboards.widget.moveDownNamed', { name })}
                      onClick={() => move(index, index + 1)}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('dashboards.widget.remove')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('dashboards.widget.removeNamed', { name })}
                      onClick={() => form.removeListItem('widgets', index)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
                <Accordion.Panel>
                  {/* The preview first, at the width of the form: beside the settings, both were too narrow. */}
                  <Stack gap="lg">
                    <WidgetPreview dashboardId={dashboardId} widget={widget} sources={sources} />
                    <WidgetSettings form={form} index={index} widget={widget} sources={sources} />
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
      <Group>
        <Menu position="bottom-start">
          <Menu.Target>
            <Button variant="default" leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
              {t('dashboards.addWidget')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {WIDGET_TYPES.map((type) => {
              const Icon = WIDGET_TYPE_ICONS[type];
              return (
                <Menu.Item key={type} leftSection={<Icon size={16} />} onClick={() => handleAdd(type)}>
                  {t(`dashboards.widgetTypes.${type}`)}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Stack>
  );
}
