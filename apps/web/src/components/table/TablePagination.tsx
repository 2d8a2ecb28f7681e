import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec 000 §9: five page buttons. */
export const PAGE_BUTTONS = 5;

/** The five zero-based page numbers to show around the current one. */
export function visiblePages(current: number, total: number, count = PAGE_BUTTONS): number[] {
  if (total <= 0) return [];
  const size = Math.min(count, total);
  const start = Math.min(Math.max(current - Math.floor(size / 2), 0), total - size);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** Page numbers are one-based on screen and zero-based in requests (spec 000 §9). */
export function TablePagination({
  page,
  totalPages,
  totalItems,
  onChange,
}: {
  page: number;
  totalPages: number;
  totalItems: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) {
    return (
      <Text size="sm" c="dimmed">
        {t('table.total', { count: totalItems })}
      </Text>
    );
  }
  const isFirst = page <= 0;
  const isLast = page >= totalPages - 1;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed">
        {t('table.total', { count: totalItems })}
      </Text>
      <nav aria-label={t('table.pagination')}>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" disabled={isFirst} onClick={() => onChange(0)} aria-label={t('table.firstPage')}>
            <IconChevronsLeft size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            disabled={isFirst}
            onClick={() => onChange(page - 1)}
            aria-label={t('table.previousPage')}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          {visiblePages(page, totalPages).map((number) => (
            <UnstyledButton
              key={number}
              onClick={() => onChange(number)}
              aria-current={number === page ? 'page' : undefined}
              aria-label={t('table.page', { page: number + 1 })}
              px={10}
              py={4}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                fontSize: 'var(--mantine-font-size-sm)',
                fontWeight: number === page ? 700 : 400,
                background: number === page ? 'var(--mantine-primary-color-filled)' : undefined,
                color: number === page ? 'var(--mantine-color-white)' : undefined,
              }}
            >
              {number + 1}
            </UnstyledButton>
          ))}
          <ActionIcon
            variant="subtle"
            disabled={isLast}
            onClick={() => onChange(page + 1)}
            aria-label={t('table.nextPage')}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            disabled={isLast}
            onClick={() => onChange(totalPages - 1)}
            aria-label={t('table.lastPage')}
          >
            <IconChevronsRight size={16} />
          </ActionIcon>
        </Group>
      </nav>
    </Group>
  );
}
