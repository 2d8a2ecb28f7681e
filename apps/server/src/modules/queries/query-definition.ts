import type { TQueryParameterDefinition } from '@mip/shared';
import { fieldErrors } from '../../http/errors.ts';
import { toQueryFieldError } from './query-errors.ts';
import type { TQueryRunner } from './query-runner.ts';
import { bindsCallerEntities, compileQuery, sampleValues, type TQueryCaller } from './sql-template.ts';

/**
 * Checks a data source's or report template's query as it is saved: every
 * variable is a parameter, the SQL runs (with a stand-in for each parameter, so
 * every partial query is tried too), and a source limited to the caller's
 * entities does bind them. Answers the query's column names; field errors on
 * `query` (with the database's message as `detail`) otherwise.
 */
export async function validateQueryDefinition(
  runner: TQueryRunner,
  caller: TQueryCaller,
  input: {
    query: string;
    parameters: readonly TQueryParameterDefinition[];
    timeoutMs: number;
    requireEntityScope?: boolean;
  },
): Promise<string[]> {
  if (input.requireEntityScope && !bindsCallerEntities(input.query, input.parameters)) {
    throw fieldErrors([{ property: 'query', error: 'MISSING_ENTITY_SCOPE' }]);
  }
  const values = sampleValues(input.parameters);
  try {
    compileQuery(input.query, input.parameters, values, caller);
    const described = await runner.describe({ ...input, values, caller });
    return described.headers;
  } catch (error) {
    throw toQueryFieldError(error);
  }
}
