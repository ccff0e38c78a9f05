import type { RenderedMail } from './layout';
import { magicLink } from './magic-link';
import { notificationDigest } from './notification-digest';
import { passwordReset } from './password-reset';
import { teamInvite } from './team-invite';
import { verificationCode } from './verification-code';
import { welcome } from './welcome';

/** Every e-mail we send. Adding one: a file beside this one, and one line here. */
export const mailTemplates = {
  'magic-link': magicLink,
  'verification-code': verificationCode,
  'password-reset': passwordReset,
  welcome,
  'team-invite': teamInvite,
  'notification-digest': notificationDigest,
} satisfies Record<string, (data: never) => RenderedMail>;

export type MailTemplateName = keyof typeof mailTemplates;
export type MailTemplateData<N extends MailTemplateName> = Parameters<(typeof mailTemplates)[N]>[0];
