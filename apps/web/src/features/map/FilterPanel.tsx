import { Checkbox, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import type { TMobilityGroupNode } from '@mip/shared';
import { IconTrafficLights } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GroupIcon } from '../mobility-groups/GroupIcon';
import { checkState, toggleGroup } from './group-filter';

function GroupEntry({
  node,
  selected,
  onChange,
}: {
  node: TMobilityGroupNode;
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
}) {
  const state = checkState(node, selected);
  return (
    <Stack gap={6}>
      <Checkbox
        checked={state === 'checked'}
        indeterminate={state === 'indeterminate'}
        onChange={() => onChange(toggleGroup(node, selected))}
        label={
          <Group gap={6} wrap="nowrap">
            <GroupIcon icon={node.icon} color={node.color} size={18} />
            <span>{node.name}</span>
          </Group>
        }
      />
      {node.subgroups.length > 0 && (
        <Stack gap={6} pl="lg">
          {node.subgroups.map((child) => (
            <GroupEntry key={child.id} node={child} selected={selected} onChange={onChange} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Spec 001 §2 filter panel: system groups with sub-groups and tri-state checkboxes, and Traffic when
 * waze_enabled. Incidents (current and future) join when the product has incidents.
 */
export function FilterPanel({
  tree,
  selected,
  onSelectedChange,
  isTrafficEnabled,
  isTrafficSelected,
  onTrafficChange,
}: {
  tree: readonly TMobilityGroupNode[];
  selected: ReadonlySet<number>;
  onSelectedChange: (next: Set<number>) => void;
  isTrafficEnabled: boolean;
  isTrafficSelected: boolean;
  onTrafficChange: (isSelected: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper shadow="md" p="md" radius="md" withBorder id="map-filter-panel">
      <Text fw={600} mb="xs" id="map-filter-title">
        {t('map.filter.title')}
      </Text>
      <ScrollArea.Autosize mah="50vh" type="auto">
        <Stack gap="sm" role="group" aria-labelledby="map-filter-title">
          {isTrafficEnabled && (
            <Checkbox
              checked={isTrafficSelected}
              onChange={(event) => onTrafficChange(event.currentTarget.checked)}
              label={
                <Group gap={6} wrap="nowrap">
                  <IconTrafficLights size={18} aria-hidden />
                  <span>{t('map.filter.traffic')}</span>
                </Group>
              }
            />
          )}
          {tree.map((node) => (
            <GroupEntry key={node.id} node={node} selected={selected} onChange={onSelectedChange} />
          ))}
          {tree.length === 0 && !isTrafficEnabled && (
            <Text size="sm" c="dimmed">
              {t('map.filter.empty')}
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
