import type { TDataSource, TDataSourceInput } from '@mip/shared';
import {
  type TParameterDefinitionForm,
  toParameterDefinitionForm,
  toParameterDefinitionInput,
} from '../../components/query-parameters/parameter-definition-form';

export interface TDataSourceFormValues {
  name: string;
  description: string;
  query: string;
  /** Milliseconds; empty for the default. */
  timeoutMs: number | '';
  scopedToEntities: boolean;
  parameters: TParameterDefinitionForm[];
}

export const EMPTY_DATA_SOURCE: TDataSourceFormValues = {
  name: '',
  description: '',
  query: '',
  timeoutMs: '',
  scopedToEntities: false,
  parameters: [],
};

export function toDataSourceFormValues(source: TDataSource): TDataSourceFormValues {
  return {
    name: source.name,
    description: source.description,
    query: source.query,
    timeoutMs: source.timeoutMs,
    scopedToEntities: source.scopedToEntities,
    parameters: source.parameters.map(toParameterDefinitionForm),
  };
}

/** The values as the API takes them (the shape the shared schema checks). */
export function toDataSourceInput(values: TDataSourceFormValues): TDataSourceInput {
  return {
    name: values.name,
    description: values.description,
    query: values.query,
    timeoutMs: values.timeoutMs === '' ? undefined : values.timeoutMs,
    scopedToEntities: values.scopedToEntities,
    parameters: values.parameters.map(toParameterDefinitionInput),
  };
}
