/** Builds the web app when its build is missing or older than its sources (or always, with `force`); answers the exit status. */
export function ensureWebBuilt(options?: { force?: boolean }): number;
