import { Select } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TMapTypeOption, TMapTypeValue } from './map-types';

/** Spec 001 §2 map-type selector: shown when there is more than the base map to choose. */
export function MapTypeSelector({
  options,
  value,
  onChange,
}: {
  options: readonly TMapTypeOption[];
  value: TMapTypeValue;
  onChange: (value: TMapTypeValue) => void;
}) {
  const { t } = useTranslation();
  if (options.length < 2) return null;
  const label = (option: TMapTypeOption) =>
    'layer' in option
      ? option.layer.name
      : t(`map.mapType.options.${option.value as 'BASE' | 'ROADMAP' | 'SATELLITE'}`);
  return (
    <Select
      aria-label={t('map.mapType.label')}
      size="xs"
      w={210}
      leftSection={<IconStack2 size={16} aria-hidden />}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data={options.map((option) => ({ value: option.value, label: label(option) }))}
      value={value}
      onChange={(next) => {
        if (next) onChange(next as TMapTypeValue);
      }}
      data-testid="map-type"
    />
  );
}
