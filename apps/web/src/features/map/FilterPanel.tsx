import { ActionIcon, Box, Checkbox, Group, Indicator, Paper, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import type { TMobilityGroupNode } from '@mip/shared';
import { IconAdjustments, IconAlertTriangle, IconTrafficLights } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GroupIcon } from '../mobility-groups/GroupIcon';
import { checkState, toggleGroup } from './group-filter';
import { INCIDENT_COLOURS, type TIncidentKind } from './incident-layers';

export interface TIncidentFilterEntry {
  /** The kinds the configuration allows (allowedSystems); no entry when empty. */
  kinds: readonly TIncidentKind[];
  selected: ReadonlySet<TIncidentKind>;
  onSelectedChange: (next: Set<TIncidentKind>) => void;
  /** How many sub-filter settings are in force, shown on the settings button. */
  settingsCount: number;
  onOpenSettings: () => void;
}

const KIND_LABEL_KEYS: Record<TIncidentKind, string> = {
  EVENT: 'map.filter.incidentsCurrent',
  FUTURE_EVENT: 'map.filter.incidentsFuture',
};

/** Spec 001 §2: Incidents with its current and future sub-entries, and the settings of its sub-filter. */
function IncidentEntry({ entry }: { entry: TIncidentFilterEntry }) {
  const { t } = useTranslation();
  const picked = entry.kinds.filter((kind) => entry.selected.has(kind)).length;
  const toggleAll = () => entry.onSelectedChange(new Set(picked === entry.kinds.length ? [] : entry.kinds));
  const toggle = (kind: TIncidentKind) => {
    const next = new Set(entry.selected);
    if (next.has(kind)) next.delete(kind);
    else next.add(kind);
    entry.onSelectedChange(next);
  };
  const settingsLabel = t('map.filter.incidentSettings');
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Checkbox
          checked={picked > 0 && picked === entry.kinds.length}
          indeterminate={picked > 0 && picked < entry.kinds.length}
          onChange={toggleAll}
          label={
            <Group gap={6} wrap="nowrap">
              <IconAlertTriangle size={18} aria-hidden />
              <span>{t('map.filter.incidents')}</span>
            </Group>
          }
        />
        <Tooltip label={settingsLabel}>
          <Indicator
            label={entry.settingsCount}
            size={16}
            disabled={entry.settingsCount === 0}
            offset={4}
            color="var(--mantine-primary-color-filled)"
          >
            <ActionIcon
              variant={entry.settingsCount > 0 ? 'light' : 'subtle'}
              onClick={entry.onOpenSettings}
              aria-label={settingsLabel}
              aria-haspopup="dialog"
            >
              <IconAdjustments size={18} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Group>
      <Stack gap={6} pl="lg">
        {entry.kinds.map((kind) => (
          <Checkbox
            key={kind}
            checked={entry.selected.has(kind)}
            onChange={() => toggle(kind)}
            label={
              <Group gap={6} wrap="nowrap">
                <Box
                  aria-hidden
                  w={12}
                  h={12}
                  style={{ borderRadius: '50%', background: INCIDENT_COLOURS[kind], flexShrink: 0 }}
                />
                <span>{t(KIND_LABEL_KEYS[kind])}</span>
              </Group>
            }
          />
        ))}
      </Stack>
    </Stack>
  );
}

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
 * Spec 001 §2 filter panel: Incidents (current and future, as the configuration allows) with the settings
 * of their sub-filter, Traffic when waze_enabled, and system groups with sub-groups and tri-state checkboxes.
 */
export function FilterPanel({
  tree,
  selected,
  onSelectedChange,
  isTrafficEnabled,
  isTrafficSelected,
  onTrafficChange,
  incidents,
}: {
  incidents: TIncidentFilterEntry;
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
          {incidents.kinds.length > 0 && <IncidentEntry entry={incidents} />}
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
          {tree.length === 0 && !isTrafficEnabled && incidents.kinds.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('map.filter.empty')}
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
