import {
  ActionIcon,
  Badge,
  CloseButton,
  Group,
  Paper,
  ScrollArea,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import type { TPublicSystemResult } from '@mip/shared';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec 001 §2: search box with filter toggle, the selected-filter badge with clear, and the results list. */
export function SearchBox({
  text,
  onTextChange,
  onSubmit,
  results,
  isSearching,
  onPick,
  isFilterOpen,
  onToggleFilter,
  filterCount,
  onClearFilter,
}: {
  text: string;
  onTextChange: (text: string) => void;
  onSubmit: () => void;
  results: TPublicSystemResult[] | null;
  isSearching: boolean;
  onPick: (result: TPublicSystemResult) => void;
  isFilterOpen: boolean;
  onToggleFilter: () => void;
  filterCount: number;
  onClearFilter: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper shadow="md" radius="md" p={6} withBorder>
      <search>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <Group gap={6} wrap="nowrap">
            <TextInput
              flex={1}
              variant="unstyled"
              px={6}
              leftSection={<IconSearch size={18} aria-hidden />}
              placeholder={t('map.search.placeholder')}
              aria-label={t('map.search.label')}
              value={text}
              onChange={(event) => onTextChange(event.currentTarget.value)}
              rightSection={
                text ? <CloseButton aria-label={t('map.search.clear')} onClick={() => onTextChange('')} /> : null
              }
            />
            <ActionIcon
              variant={isFilterOpen ? 'filled' : 'light'}
              size="lg"
              onClick={onToggleFilter}
              aria-label={t('map.filter.toggle')}
              aria-expanded={isFilterOpen}
              aria-controls="map-filter-panel"
            >
              <IconFilter size={18} />
            </ActionIcon>
          </Group>
        </form>
      </search>
      {filterCount > 0 && (
        <Badge
          mt={6}
          ml={6}
          variant="light"
          rightSection={<CloseButton size="xs" aria-label={t('map.filter.clear')} onClick={onClearFilter} />}
        >
          {t('map.filter.badge', { count: filterCount })}
        </Badge>
      )}
      {results !== null && text.trim() !== '' && (
        <ScrollArea.Autosize mah="40vh" mt={6} type="auto">
          {results.length === 0 && !isSearching ? (
            <Text size="sm" c="dimmed" p="xs">
              {t('map.search.noResults')}
            </Text>
          ) : (
            <ul aria-label={t('map.search.results')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {results.map((result) => (
                <li key={result.id}>
                  <UnstyledButton
                    w="100%"
                    p="xs"
                    onClick={() => onPick(result)}
                    style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                    className="map-search-result"
                  >
                    <Text size="sm" fw={500}>
                      {result.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {result.parentName} · {t(`map.systemTypes.${result.systemType}`)}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </ul>
          )}
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
