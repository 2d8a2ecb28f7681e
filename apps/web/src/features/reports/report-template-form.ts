import type { TReportCategory, TReportTemplate, TReportTemplateInput } from '@mip/shared';
import {
  type TParameterDefinitionForm,
  toParameterDefinitionForm,
  toParameterDefinitionInput,
} from '../../components/query-parameters/parameter-definition-form';
import type { TOption } from '../../components/select/RemoteSelect';

export interface TReportTemplateFormValues {
  name: string;
  category: TReportCategory | null;
  async: boolean;
  enabled: boolean;
  reference: string;
  agreement: string;
  query: string;
  parameters: TParameterDefinitionForm[];
  /** Who may see it; their names come with the search that found them. */
  entities: TOption[];
}

export const EMPTY_REPORT_TEMPLATE: TReportTemplateFormValues = {
  name: '',
  category: null,
  async: false,
  enabled: true,
  reference: '',
  agreement: '',
  query: '',
  parameters: [],
  entities: [],
};

/** The template as the form holds it; the entities' names are filled in once they are looked up. */
export function toReportTemplateFormValues(template: TReportTemplate): TReportTemplateFormValues {
  return {
    name: template.name,
    category: template.category,
    async: template.async,
    enabled: template.enabled,
    reference: template.reference ?? '',
    agreement: template.agreement ?? '',
    query: template.query,
    parameters: template.parameters.map(toParameterDefinitionForm),
    entities: template.entityIds.map((id) => ({ id, name: `#${id}` })),
  };
}

/** The values as the API takes them (the shape the shared schema checks). */
export function toReportTemplateInput(values: TReportTemplateFormValues): TReportTemplateInput {
  return {
    name: values.name,
    category: values.category as TReportCategory,
    async: values.async,
    enabled: values.enabled,
    reference: values.reference,
    agreement: values.agreement,
    query: values.query,
    parameters: values.parameters.map(toParameterDefinitionInput),
    entityIds: values.entities.map((entity) => entity.id),
  };
}
