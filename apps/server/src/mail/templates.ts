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

interface TEventRequestMailValues {
  /** The reporter's name, as they typed it. */
  name: string;
  /** The request's number and title, so the reporter knows which report this is about. */
  requestId: number;
  title: string;
  /** Accepted: where the occurrence shows on the map. */
  link?: string;
  /** Rejected: why. */
  reason?: string;
  /** The reporter's private page of the report (/report/{token}). */
  followUp: string;
}

const followUpLine = {
  'pt-PT': (v: TEventRequestMailValues) => `\n\nAcompanhe o seu pedido em:\n\n${v.followUp}`,
  'en-US': (v: TEventRequestMailValues) => `\n\nFollow your report at:\n\n${v.followUp}`,
};

/** Replies to the person who reported an occurrence (an event request), in the language they wrote in. */
const EVENT_REQUEST_TEMPLATES = {
  received: {
    'pt-PT': {
      subject: (v: TEventRequestMailValues) => `Pedido de ocorrência n.º ${v.requestId} recebido`,
      text: (v: TEventRequestMailValues) =>
        `Olá ${v.name},\n\nRecebemos o seu pedido «${v.title}», com o n.º ${v.requestId}. Vai ser analisado pela entidade responsável.${followUpLine['pt-PT'](v)}\n\nEste endereço é pessoal: quem o tiver vê o estado do pedido (nunca o seu nome ou email).\n\nObrigado pela sua colaboração.`,
    },
    'en-US': {
      subject: (v: TEventRequestMailValues) => `Occurrence report no. ${v.requestId} received`,
      text: (v: TEventRequestMailValues) =>
        `Hello ${v.name},\n\nWe received your report "${v.title}", no. ${v.requestId}. The entity in charge will review it.${followUpLine['en-US'](v)}\n\nThis address is personal: whoever has it sees the report's status (never your name or email).\n\nThank you for your help.`,
    },
  },
  accepted: {
    'pt-PT': {
      subject: (v: TEventRequestMailValues) => `Pedido de ocorrência n.º ${v.requestId} aceite`,
      text: (v: TEventRequestMailValues) =>
        `Olá ${v.name},\n\nO pedido que registou, «${v.title}» (n.º ${v.requestId}), foi aceite e deu origem a uma ocorrência.\nPode acompanhá-la no mapa:\n\n${v.link}${followUpLine['pt-PT'](v)}\n\nObrigado pela sua colaboração.`,
    },
    'en-US': {
      subject: (v: TEventRequestMailValues) => `Occurrence report no. ${v.requestId} accepted`,
      text: (v: TEventRequestMailValues) =>
        `Hello ${v.name},\n\nThe occurrence you reported, "${v.title}" (no. ${v.requestId}), was accepted and is now being handled.\nYou can follow it on the map:\n\n${v.link}${followUpLine['en-US'](v)}\n\nThank you for your help.`,
    },
  },
  rejected: {
    'pt-PT': {
      subject: (v: TEventRequestMailValues) => `Pedido de ocorrência n.º ${v.requestId} não aceite`,
      text: (v: TEventRequestMailValues) =>
        `Olá ${v.name},\n\nO pedido que registou, «${v.title}» (n.º ${v.requestId}), não foi aceite pelo seguinte motivo:\n\n${v.reason}${followUpLine['pt-PT'](v)}\n\nObrigado pela sua colaboração.`,
    },
    'en-US': {
      subject: (v: TEventRequestMailValues) => `Occurrence report no. ${v.requestId} not accepted`,
      text: (v: TEventRequestMailValues) =>
        `Hello ${v.name},\n\nThe occurrence you reported, "${v.title}" (no. ${v.requestId}), was not accepted, for this reason:\n\n${v.reason}${followUpLine['en-US'](v)}\n\nThank you for your help.`,
    },
  },
  resolved: {
    'pt-PT': {
      subject: (v: TEventRequestMailValues) => `Ocorrência do pedido n.º ${v.requestId} resolvida`,
      text: (v: TEventRequestMailValues) =>
        `Olá ${v.name},\n\nA ocorrência que reportou, «${v.title}» (pedido n.º ${v.requestId}), foi dada como resolvida.${followUpLine['pt-PT'](v)}\n\nObrigado pela sua colaboração.`,
    },
    'en-US': {
      subject: (v: TEventRequestMailValues) => `Occurrence of report no. ${v.requestId} resolved`,
      text: (v: TEventRequestMailValues) =>
        `Hello ${v.name},\n\nThe occurrence you reported, "${v.title}" (report no. ${v.requestId}), has been resolved.${followUpLine['en-US'](v)}\n\nThank you for your help.`,
    },
  },
} as const;

export function renderEventRequestMail(
  kind: keyof typeof EVENT_REQUEST_TEMPLATES,
  language: string,
  values: TEventRequestMailValues,
): { subject: string; text: string } {
  const template = EVENT_REQUEST_TEMPLATES[kind][(language === 'en-US' ? 'en-US' : 'pt-PT') as TLanguage];
  return { subject: template.subject(values), text: template.text(values) };
}

interface TReportMailValues {
  /** The subscriber's name. */
  name: string;
  /** The report template's name. */
  report: string;
  /** When it was generated, in Lisbon time (DD-MM-YYYY HH:mm). */
  generatedAt: string;
  /** Who scheduled it. */
  owner: string;
  /** The attached file's name. */
  filename: string;
  /** Where the schedules are managed. */
  link: string;
}

/** A scheduled report, sent to each subscriber in their own language with the file attached. */
const SCHEDULED_REPORT_TEMPLATES = {
  'pt-PT': {
    subject: (v: TReportMailValues) => `Relatório «${v.report}» de ${v.generatedAt}`,
    text: (v: TReportMailValues) =>
      `Olá ${v.name},\n\nSegue em anexo o relatório «${v.report}» (${v.filename}), gerado em ${v.generatedAt} (hora de Lisboa) pelo agendamento de ${v.owner}.\n\nPara deixar de o receber, peça a ${v.owner} que o retire dos destinatários, ou veja os agendamentos em:\n\n${v.link}`,
  },
  'en-US': {
    subject: (v: TReportMailValues) => `Report "${v.report}" of ${v.generatedAt}`,
    text: (v: TReportMailValues) =>
      `Hello ${v.name},\n\nAttached is the report "${v.report}" (${v.filename}), generated on ${v.generatedAt} (Lisbon time) by ${v.owner}'s schedule.\n\nTo stop receiving it, ask ${v.owner} to remove you from its recipients, or see the schedules at:\n\n${v.link}`,
  },
} as const;

export function renderScheduledReportMail(
  language: string,
  values: TReportMailValues,
): { subject: string; text: string } {
  const template = SCHEDULED_REPORT_TEMPLATES[(language === 'en-US' ? 'en-US' : 'pt-PT') as TLanguage];
  return { subject: template.subject(values), text: template.text(values) };
}
