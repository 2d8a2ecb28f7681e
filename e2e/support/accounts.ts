/** The demo accounts the e2e server is started with (see playwright.config.ts). */
// Overridable, so two runs (two people's) can share one machine.
export const APP_PORT = Number(process.env.E2E_APP_PORT || 3110);
export const MAIL_SMTP_PORT = Number(process.env.E2E_MAIL_SMTP_PORT || 3125);
export const MAIL_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT || 3126);
/** The server's own embedded MQTT broker: a run never shares a broker (nor its demo queue's messages) with another. */
export const MQTT_BROKER_PORT = Number(process.env.E2E_MQTT_BROKER_PORT || APP_PORT + 3);

const DEMO_PASSWORD = 'Demo-e2e-Pass1';

export const ACCOUNTS = {
  admin: { email: 'admin@mobilidade.example', password: 'Gestor-e2e-Pass1', name: 'Administrador da Plataforma' },
  operator: { email: 'operador@mobilidade.example', password: DEMO_PASSWORD, name: 'Ana Ferreira' },
  readOnly: { email: 'consulta@mobilidade.example', password: DEMO_PASSWORD, name: 'Rui Carvalho' },
  transport: { email: 'metro@mobilidade.example', password: DEMO_PASSWORD, name: 'Marta Sousa' },
} as const;

export type TAccount = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];
