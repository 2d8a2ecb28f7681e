import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TColumn } from './columns';

interface TRowActions {
  /** Where the pencil goes; no pencil when absent (the row may not be opened). */
  editTo?: string;
  /** The accessible name of the pencil, naming the row: "Edit Ana Ferreira". */
  editLabel: string;
  onDelete: () => void;
  deleteLabel: string;
  /** Why not: e.g. one's own account or entity, which the session still stands on. */
  isDeleteDisabled?: boolean;
}

/** The edit and delete buttons at the end of a list row. */
export function RowActions({ editTo, editLabel, onDelete, deleteLabel, isDeleteDisabled = false }: TRowActions) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {editTo && (
        <Tooltip label={t('common.edit')}>
          <ActionIcon variant="subtle" component={Link} to={editTo} aria-label={editLabel}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('common.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onDelete}
          aria-label={deleteLabel}
          disabled={isDeleteDisabled}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The actions column of a list, shown only to those who may change its rows. */
export function rowActionsColumn<T>(title: string, canWrite: boolean, actions: (row: T) => TRowActions): TColumn<T> {
  return {
    key: 'actions',
    title,
    hidden: !canWrite,
    card: 'actions',
    render: (row) => <RowActions {...actions(row)} />,
  };
}
