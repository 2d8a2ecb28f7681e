import { Button, Group, Modal, MultiSelect, Select, Stack } from '@mantine/core';
import {
  EVENT_CREATED_BEFORE_OPTIONS,
  EVENT_PRIORITIES,
  type TEventCreatedBefore,
  type TEventPriority,
} from '@mip/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventCategoryList } from '../incidents/usePublicEvents';
import type { TIncidentFilter } from './incident-layers';

/**
 * Spec 001 §2 incident sub-filter: category, priority, created more than … ago. Nothing changes on the
 * map until Apply; Close leaves the filter as it was. Mounted only while open, so every opening starts
 * from the filter in force rather than from an abandoned draft.
 */
export function IncidentFilterModal({
  value,
  onApply,
  onClose,
}: {
  value: TIncidentFilter;
  onApply: (filter: TIncidentFilter) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const categories = useEventCategoryList();

  return (
    <Modal opened onClose={onClose} title={t('map.incidentFilter.title')} centered>
      <Stack gap="md">
        <Select
          label={t('map.incidentFilter.category')}
          placeholder={t('map.incidentFilter.anyCategory')}
          data={(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name }))}
          value={draft.categoryId === null ? null : String(draft.categoryId)}
          onChange={(id) => setDraft({ ...draft, categoryId: id ? Number(id) : null })}
          searchable
          clearable
          nothingFoundMessage={t('map.incidentFilter.noCategories')}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label={t('map.incidentFilter.priority')}
          placeholder={draft.priorities.length === 0 ? t('map.incidentFilter.anyPriority') : undefined}
          data={EVENT_PRIORITIES.map((priority) => ({ value: priority, label: t(`eventVocab.priority.${priority}`) }))}
          value={draft.priorities}
          onChange={(priorities) => setDraft({ ...draft, priorities: priorities as TEventPriority[] })}
          clearable
        />
        <Select
          label={t('map.incidentFilter.createdBefore')}
          placeholder={t('map.incidentFilter.anyDate')}
          data={EVENT_CREATED_BEFORE_OPTIONS.map((option) => ({
            value: option,
            label: t(`eventVocab.createdBefore.${option}`),
          }))}
          value={draft.createdBefore}
          onChange={(option) => setDraft({ ...draft, createdBefore: (option as TEventCreatedBefore | null) ?? null })}
          clearable
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('map.incidentFilter.close')}
          </Button>
          <Button
            onClick={() => {
              onApply(draft);
              onClose();
            }}
          >
            {t('map.incidentFilter.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
