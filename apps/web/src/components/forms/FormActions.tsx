import { Button, Group } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The foot of a record's form: save (or create), cancel, and delete once the record exists. */
export function FormActions({
  submitLabel,
  isSaving,
  onCancel,
  onDelete,
}: {
  submitLabel: string;
  isSaving: boolean;
  onCancel: () => void;
  /** Absent while the record is being created. */
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Group>
        <Button type="submit" loading={isSaving}>
          {submitLabel}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Group>
      {onDelete && (
        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
          {t('common.delete')}
        </Button>
      )}
    </Group>
  );
}
