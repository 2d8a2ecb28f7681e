import type { TRuleTestResult, ZRuleTestInput } from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TExecutor } from '../../db/database.ts';
import { fieldErrors } from '../../http/errors.ts';
import { evaluateReadings, INITIAL_RULE_STATE, ruleStateOf } from './rule-evaluator.ts';
import { ruleReaderIdSql } from './rule-reader.ts';

type TTestInput = z.output<typeof ZRuleTestInput>;

/**
 * POST /rule-templates/test: what the rule, as written, would have done with
 * the system's latest readings, replayed from a quiet start. Reads only: no
 * event is opened and no state is kept.
 */
export async function testRuleTemplate(db: TExecutor, input: TTestInput): Promise<TRuleTestResult> {
  const { rows: systems } = await db.execute<{ id: number; name: string; reader_id: string | null }>(
    sql`select s.id, s.name,
               ${ruleReaderIdSql(sql`s.id`, input.parameterName)} as reader_id
          from mobility_systems s where s.id = ${input.systemId}`,
  );
  const system = systems[0];
  if (!system) throw fieldErrors([{ property: 'systemId', error: 'INVALID_SYSTEM' }]);
  const base = { system: { id: system.id, name: system.name }, readerId: system.reader_id };
  if (system.reader_id === null) return { ...base, steps: [], opened: 0, resolved: 0, finalState: 'IDLE' };
  const { rows: readings } = await db.execute<{ value: number; observed_at: Date }>(
    sql`select value, observed_at from iot_readings where reader_id = ${system.reader_id}
         order by observed_at desc, id desc limit ${input.limit}`,
  );
  const { state, steps } = evaluateReadings(
    input,
    INITIAL_RULE_STATE,
    readings.map((row) => ({ value: row.value, observedAt: new Date(row.observed_at).getTime() })),
  );
  return {
    ...base,
    steps: steps.map((step) => ({
      value: step.reading.value,
      observedAt: new Date(step.reading.observedAt).toISOString(),
      matches: step.matches,
      state: step.state,
      action: step.action,
    })),
    opened: steps.filter((step) => step.action === 'OPEN').length,
    resolved: steps.filter((step) => step.action === 'RESOLVE').length,
    finalState: ruleStateOf(state),
  };
}
