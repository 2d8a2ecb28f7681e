import { ActionIcon, Badge, Button, Collapse, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 000 §9: searches wait 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Spec 000 §5: badges with labels longer than this are not shown. */
export const MAX_BADGE_LABEL = 100;

export interface TFilterBadge {
  key: string;
  label: string;
  /** The value as the badge shows it; undefined or a value in `ignore` hides the badge. */
  value: string | undefined;
  ignore?: string[];
  onClear: () => void;
}

export function visibleBadges(badges: TFilterBadge[]): TFilterBadge[] {
  return badges.filter(
    (badge) =>
      badge.value !== undefined &&
      badge.value !== '' &&
      !badge.ignore?.includes(badge.value) &&
      `${badge.label}: ${badge.value}`.length <= MAX_BADGE_LABEL,
  );
}

/**
 * A list's search box, its expandable filter panel and the badges of the
 * filters in force, each with a way to clear it (spec 000 §2, §5).
 */
export function FilterBar({
  search,
  onSearch,
  searchLabel,
  badges,
  children,
  actions,
}: {
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  badges: TFilterBadge[];
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(search);
  const [isOpen, setIsOpen] = useState(false);
  const debouncedSearch = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS);
  useEffect(() => setText(search), [search]);
  const shown = visibleBadges(badges);

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap" align="flex-end">
        <TextInput
          // Takes the row on a phone; the buttons then wrap below it instead of being cut off.
          style={{ flex: '1 1 240px' }}
          label={searchLabel}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            debouncedSearch(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSearch(text);
          }}
          rightSection={
            text ? (
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('filters.clearSearch')}
                onClick={() => {
                  setText('');
                  onSearch('');
                }}
              >
                <IconX size={14} />
              </ActionIcon>
            ) : null
          }
        />
        {children && (
          <Button
            variant={isOpen ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            onClick={() => setIsOpen((open) => !open)}
            aria-expanded={isOpen}
          >
            {t('filters.toggle')}
          </Button>
        )}
        {actions}
      </Group>
      {children && (
        <Collapse expanded={isOpen}>
          <Paper withBorder p="md" data-testid="filter-panel">
            {children}
          </Paper>
        </Collapse>
      )}
      {shown.length > 0 && (
        <Group gap={6} data-testid="filter-badges">
          {shown.map((badge) => (
            <Badge
              key={badge.key}
              variant="light"
              size="lg"
              // A long value ("Categoria: Obras na via, Corte de estrada") wraps within the screen rather than being cut.
              styles={{
                root: { textTransform: 'none', height: 'auto', maxWidth: '100%', paddingBlock: 4 },
                label: { whiteSpace: 'normal', overflow: 'visible' },
              }}
              rightSection={
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  aria-label={t('filters.clear', { label: badge.label })}
                  onClick={badge.onClear}
                >
                  <IconX size={12} />
                </ActionIcon>
              }
            >
              {badge.label}: {badge.value}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
