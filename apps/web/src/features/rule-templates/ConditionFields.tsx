import { NumberInput, Select, SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  RULE_HOLD_TYPES,
  RULE_MAX_HOLD_READINGS,
  RULE_MAX_HOLD_SECONDS,
  RULE_OPERATORS,
  type TRuleCondition,
} from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { formatDuration, OPERATOR_SYMBOLS } from './rule-condition';
import type { TRuleFormValues } from './rule-form';

type TConditionForm = UseFormReturnType<TRuleFormValues>;

/**
 * A comparison with a threshold and how long it must hold: a number of
 * consecutive readings, or a duration (typed in minutes, kept in seconds).
 */
export function ConditionFields({
  form,
  path,
  description,
}: {
  form: TConditionForm;
  path: 'condition' | 'clearCondition';
  description: string;
}) {
  const { t } = useTranslation();
  const condition = form.values[path];
  const isDuration = condition.holdType === 'DURATION';
  const field = (name: keyof TRuleCondition) => `${path}.${name}`;
  return (
    <>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Select
          label={t('ruleTemplates.fields.operator')}
          required
          allowDeselect={false}
          data={RULE_OPERATORS.map((operator) => ({
            value: operator,
            label: `${OPERATOR_SYMBOLS[operator]} ${t(`ruleTemplates.operators.${operator}`)}`,
          }))}
          {...form.getInputProps(field('operator'))}
        />
        <NumberInput
          label={t('ruleTemplates.fields.threshold')}
          required
          decimalScale={6}
          {...form.getInputProps(field('threshold'))}
          value={Number.isFinite(condition.threshold) ? condition.threshold : ''}
          onChange={(value) => form.setFieldValue(field('threshold'), typeof value === 'number' ? value : Number.NaN)}
        />
        <Select
          label={t('ruleTemplates.fields.holdType')}
          required
          allowDeselect={false}
          data={RULE_HOLD_TYPES.map((type) => ({ value: type, label: t(`ruleTemplates.holdTypes.${type}`) }))}
          value={condition.holdType}
          onChange={(holdType) =>
            // A count of readings means nothing as seconds: start each kind from its own sensible value.
            form.setFieldValue(path, {
              ...condition,
              holdType: holdType as TRuleCondition['holdType'],
              holdValue: holdType === 'DURATION' ? 300 : 3,
            })
          }
        />
        {isDuration ? (
          <NumberInput
            label={t('ruleTemplates.fields.holdMinutes')}
            description={formatDuration(t, condition.holdValue)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            min={0}
            max={RULE_MAX_HOLD_SECONDS / 60}
            decimalScale={2}
            value={condition.holdValue / 60}
            error={form.errors[field('holdValue')]}
            onChange={(value) =>
              form.setFieldValue(field('holdValue'), typeof value === 'number' ? Math.round(value * 60) : -1)
            }
          />
        ) : (
          <NumberInput
            label={t('ruleTemplates.fields.holdReadings')}
            required
            min={1}
            max={RULE_MAX_HOLD_READINGS}
            allowDecimal={false}
            value={condition.holdValue}
            error={form.errors[field('holdValue')]}
            onChange={(value) => form.setFieldValue(field('holdValue'), typeof value === 'number' ? value : 0)}
          />
        )}
      </SimpleGrid>
    </>
  );
}
