/**
 * How many test files run side by side, in every project. The server's files wait on their database and on
 * timers far more than they compute: one at a time left the two cores idle half the run. Three, not more:
 * each server file runs an app with its pools and job workers, and PostgreSQL's default max_connections
 * (100) must hold them all.
 *
 * Each project sets it: Vitest resolves maxWorkers per project (its default is the cores less one, so one
 * on two cores, whatever the root config says), and projects that run together must agree on it.
 */
export const TEST_FILES_SIDE_BY_SIDE = 3;
