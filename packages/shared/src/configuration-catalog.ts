/**
 * Values are stored as JSON text (spec 000 §3: the client parses them as JSON),
 * so strings carry their quotes.
 *
 * The configuration names the platform knows, their kind and default. Names
 * starting with 'app.' are public (the web app reads them before sign-in);
 * the others stay on the server.
 */
export type TConfigurationKind = 'TEXT' | 'BOOLEAN' | 'COLOUR' | 'JSON' | 'EMAIL' | 'COUNTRY' | 'SYSTEMS';

export interface TConfigurationEntry {
  name: string;
  kind: TConfigurationKind;
  defaultValue: string;
}

export const CONFIGURATION_CATALOG: readonly TConfigurationEntry[] = [
  { name: 'app.appTitle', kind: 'TEXT', defaultValue: '"Plataforma de Mobilidade"' },
  { name: 'app.defaultColor', kind: 'COLOUR', defaultValue: '"#0a6c74"' },
  { name: 'app.allowDarkMode', kind: 'BOOLEAN', defaultValue: 'true' },
  { name: 'app.allowedSystems', kind: 'SYSTEMS', defaultValue: '["EVENT","FUTURE_EVENT"]' },
  { name: 'app.defaultCountry', kind: 'COUNTRY', defaultValue: '"PT"' },
  { name: 'app.supportEmail', kind: 'EMAIL', defaultValue: '"suporte@mobilidade.example"' },
  { name: 'app.allowEventReporting', kind: 'BOOLEAN', defaultValue: 'true' },
];

export function findConfigurationEntry(name: string): TConfigurationEntry | undefined {
  return CONFIGURATION_CATALOG.find((entry) => entry.name === name);
}
