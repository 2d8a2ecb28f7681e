import { randomId } from '@mantine/hooks';
import type { TQueryParameterDefinition, TQueryParameterDefinitionInput, TQueryParameterType } from '@mip/shared';

/** Given to a text as values, so i18next shows the braces of `{{name}}` instead of reading them. */
export const BRACES = { open: '{{', close: '}}' };

/** One parameter row of a query's form (a data source's, a report template's). */
export interface TParameterDefinitionForm {
  /** Keeps the row's fields in place while rows are added and removed. */
  key: string;
  variableName: string;
  type: TQueryParameterType | null;
  label: string;
  mandatory: boolean;
  multiple: boolean;
  partialQuery: string;
}

export function newParameterDefinitionForm(): TParameterDefinitionForm {
  return {
    key: randomId(),
    variableName: '',
    type: 'TEXT',
    label: '',
    mandatory: false,
    multiple: false,
    partialQuery: '',
  };
}

export function toParameterDefinitionForm(definition: TQueryParameterDefinition): TParameterDefinitionForm {
  return { key: randomId(), ...definition, partialQuery: definition.partialQuery ?? '' };
}

/** The row as the API takes it; an unfinished row is sent as it is, so the schema names what is missing. */
export function toParameterDefinitionInput(row: TParameterDefinitionForm): TQueryParameterDefinitionInput {
  const { key: _key, type, ...rest } = row;
  return { ...rest, type: type as TQueryParameterType, partialQuery: rest.partialQuery || null };
}
