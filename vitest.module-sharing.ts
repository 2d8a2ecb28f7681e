/**
 * A package's test files as two Vitest projects: most share their modules within a worker (`isolate:
 * false`), so a module is loaded once per worker rather than once per file; those that replace a module
 * (vi.mock) run with modules of their own, where the replacement cannot reach, or miss, another file's
 * (apps/server/test/module-mocks.test.ts keeps each package's list true).
 */
export function moduleSharingProjects(include: string[], replacingModules: readonly string[]) {
  return [
    {
      extends: true,
      test: {
        name: 'shared modules',
        include,
        exclude: ['**/node_modules/**', ...replacingModules],
        isolate: false,
      },
    },
    { extends: true, test: { name: 'own modules', include: [...replacingModules] } },
  ];
}
