/** The demo accounts the e2e server is started with (see playwright.config.ts). */
export const APP_PORT = 3110;
export const MAIL_SMTP_PORT = 3125;
export const MAIL_HTTP_PORT = 3126;

const DEMO_PASSWORD = 'Demo-e2e-Pass1';

export const ACCOUNTS = {
  admin: { email: 'admin@mobilidade.example', password: 'Admin-e2e-Pass1', name: 'Administrador da Plataforma' },
  operator: { email: 'operador@mobilidade.example', password: DEMO_PASSWORD, name: 'Ana Ferreira' },
  readOnly: { email: 'consulta@mobilidade.example', password: DEMO_PASSWORD, name: 'Rui Carvalho' },
  transport: { email: 'metro@mobilidade.example', password: DEMO_PASSWORD, name: 'Marta Sousa' },
} as const;

export type TAccount = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];
