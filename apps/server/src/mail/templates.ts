type TLanguage = 'pt-PT' | 'en-US';

const TEMPLATES = {
  reset: {
    'pt-PT': {
      subject: 'Recuperação da palavra-passe',
      text: (name: string, link: string, hours: number) =>
        `Olá ${name},\n\nRecebemos um pedido para definir uma nova palavra-passe na sua conta.\nAbra esta ligação para a definir (válida durante ${hours} horas, uma única vez):\n\n${link}\n\nSe não fez este pedido, ignore esta mensagem: a sua palavra-passe continua a mesma.`,
    },
    'en-US': {
      subject: 'Password recovery',
      text: (name: string, link: string, hours: number) =>
        `Hello ${name},\n\nWe received a request to set a new password for your account.\nOpen this link to set it (valid for ${hours} hours, once):\n\n${link}\n\nIf you did not ask for this, ignore this message: your password stays the same.`,
    },
  },
  activate: {
    'pt-PT': {
      subject: 'Ative a sua conta',
      text: (name: string, link: string, hours: number) =>
        `Olá ${name},\n\nFoi criada uma conta para si na plataforma de mobilidade.\nAbra esta ligação para escolher a sua palavra-passe (válida durante ${hours} horas, uma única vez):\n\n${link}`,
    },
    'en-US': {
      subject: 'Activate your account',
      text: (name: string, link: string, hours: number) =>
        `Hello ${name},\n\nAn account was created for you on the mobility platform.\nOpen this link to choose your password (valid for ${hours} hours, once):\n\n${link}`,
    },
  },
} as const;

export function renderAccountMail(
  kind: keyof typeof TEMPLATES,
  language: string,
  values: { name: string; link: string; hours: number },
): { subject: string; text: string } {
  const template = TEMPLATES[kind][(language === 'en-US' ? 'en-US' : 'pt-PT') as TLanguage];
  return { subject: template.subject, text: template.text(values.name, values.link, values.hours) };
}
