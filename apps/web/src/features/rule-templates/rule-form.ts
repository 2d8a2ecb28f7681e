import type {
  TEventDirection,
  TEventPriority,
  TEventSubType,
  TRuleCondition,
  TRuleTemplate,
  TRuleTemplateInput,
} from '@mip/shared';

export interface TRuleFormValues {
  name: string;
  description: string;
  active: boolean;
  parameterName: string;
  condition: TRuleCondition;
  clearCondition: TRuleCondition;
  categoryId: number | null;
  priority: TEventPriority;
  direction: TEventDirection | null;
  subType: TEventSubType | null;
  isPublic: boolean;
  title: string;
  message: string;
}

export const EMPTY_RULE: TRuleFormValues = {
  name: '',
  description: '',
  active: true,
  parameterName: '',
  condition: { operator: 'GT', threshold: 0, holdType: 'DURATION', holdValue: 300 },
  clearCondition: { operator: 'LTE', threshold: 0, holdType: 'READINGS', holdValue: 3 },
  categoryId: null,
  priority: 'NORMAL',
  direction: null,
  subType: null,
  isPublic: false,
  title: '{{parameter}} {{value}} em {{system}}',
  message: '{{parameter}} em {{system}} chegou a {{value}} (limite {{threshold}}) às {{observedAt}}.',
};

export function toRuleFormValues(rule: TRuleTemplate): TRuleFormValues {
  return {
    name: rule.name,
    description: rule.description,
    active: rule.active,
    parameterName: rule.parameterName,
    condition: rule.condition,
    clearCondition: rule.clearCondition,
    categoryId: rule.category.id,
    priority: rule.priority,
    direction: rule.direction,
    subType: rule.subType,
    isPublic: rule.isPublic,
    title: rule.title,
    message: rule.message,
  };
}

/** The values as the API takes them; an unset category goes as absent so the schema names it missing. */
export function toRuleInput(values: TRuleFormValues): TRuleTemplateInput {
  return { ...values, categoryId: values.categoryId ?? (undefined as unknown as number) };
}
