import type { TRuleCondition, TRuleOperator } from '@mip/shared';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../lib/numbers';

export const OPERATOR_SYMBOLS: Record<TRuleOperator, string> = {
  GT: '>',
  GTE: '≥',
  LT: '<',
  LTE: '≤',
  EQ: '=',
  NEQ: '≠',
};

/** Seconds as hours, minutes and seconds, leaving out the empty parts ("1 h 30 min", "45 s"). */
export function splitDuration(totalSeconds: number): { hours: number; minutes: number; seconds: number } {
  return {
    hours: Math.floor(totalSeconds / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

export function formatDuration(t: TFunction, totalSeconds: number): string {
  const { hours, minutes, seconds } = splitDuration(totalSeconds);
  const parts = [
    hours > 0 ? t('ruleTemplates.units.hours', { count: hours }) : null,
    minutes > 0 ? t('ruleTemplates.units.minutes', { count: minutes }) : null,
    seconds > 0 || totalSeconds === 0 ? t('ruleTemplates.units.seconds', { count: seconds }) : null,
  ];
  return parts.filter(Boolean).join(' ');
}

/** "> 3 for 10 min" / "≤ 2.5 in 2 consecutive readings": a condition in one line. */
export function describeCondition(t: TFunction, condition: TRuleCondition, language: string): string {
  const threshold = formatNumber(condition.threshold, language);
  const hold =
    condition.holdType === 'READINGS'
      ? t('ruleTemplates.holdSummary.readings', { count: condition.holdValue })
      : t('ruleTemplates.holdSummary.duration', { duration: formatDuration(t, condition.holdValue) });
  return `${OPERATOR_SYMBOLS[condition.operator]} ${threshold} ${hold}`;
}
