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
import type { TPlaceResult, TPublicSystemResult } from '@mip/shared';
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
  places,
  onPickPlace,
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
  /** Places found by name (parishes, counties, streets), listed after the systems. */
  places: TPlaceResult[] | null;
  onPickPlace: (place: TPlaceResult) => void;
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
      {(results !== null || places !== null) && text.trim() !== '' && (
        <ScrollArea.Autosize mah="40vh" mt={6} type="auto">
          {!results?.length && !places?.length && !isSearching ? (
            <Text size="sm" c="dimmed" p="xs">
              {t('map.search.noResults')}
            </Text>
          ) : (
            <>
              {results !== null && results.length > 0 && (
                <ResultList
                  label={t('map.search.results')}
                  heading={places?.length ? t('map.search.systems') : null}
                  items={results.map((result) => ({
                    key: `system-${result.id}`,
                    name: result.name,
                    detail: `${result.parentName} · ${t(`map.systemTypes.${result.systemType}`)}`,
                    onClick: () => onPick(result),
                  }))}
                />
              )}
              {places !== null && places.length > 0 && (
                <ResultList
                  label={t('map.search.places')}
                  heading={t('map.search.places')}
                  items={places.map((place) => ({
                    key: `place-${place.kind}-${place.id}`,
                    name: place.name,
                    detail: [t(`map.search.kinds.${place.kind}`), place.context].filter(Boolean).join(' · '),
                    onClick: () => onPickPlace(place),
                  }))}
                />
              )}
            </>
          )}
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}

/** One group of results: a list of buttons, with a heading when there is more than one group. */
function ResultList({
  label,
  heading,
  items,
}: {
  label: string;
  heading: string | null;
  items: { key: string; name: string; detail: string; onClick: () => void }[];
}) {
  return (
    <>
      {heading && (
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pt={6} aria-hidden>
          {heading}
        </Text>
      )}
      <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <li key={item.key}>
            <UnstyledButton
              w="100%"
              p="xs"
              onClick={item.onClick}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              className="map-search-result"
            >
              <Text size="sm" fw={500}>
                {item.name}
              </Text>
              <Text size="xs" c="dimmed">
                {item.detail}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </ul>
    </>
  );
}
