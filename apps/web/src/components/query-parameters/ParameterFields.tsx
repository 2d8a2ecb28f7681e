import { SimpleGrid } from '@mantine/core';
import type { TParameterValue, TParameterValues, TQueryParameterDefinition } from '@mip/shared';
import { ParameterInput } from './ParameterInput';

type TDefinition = Pick<TQueryParameterDefinition, 'variableName' | 'type' | 'label' | 'mandatory' | 'multiple'>;

/** A field for each parameter, side by side where there is room. */
export function ParameterFields({
  definitions,
  values,
  errors,
  onChange,
  columns = 2,
}: {
  definitions: readonly TDefinition[];
  values: TParameterValues;
  /** Error texts by variable name. */
  errors: Record<string, string | undefined>;
  onChange: (variableName: string, value: TParameterValue) => void;
  columns?: number;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: columns }}>
      {definitions.map((definition) => (
        <ParameterInput
          key={definition.variableName}
          definition={definition}
          value={values[definition.variableName]}
          error={errors[definition.variableName]}
          onChange={(value) => onChange(definition.variableName, value)}
        />
      ))}
    </SimpleGrid>
  );
}
