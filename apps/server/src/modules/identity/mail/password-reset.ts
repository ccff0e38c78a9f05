import { renderMail, type RenderedMail } from '../../mail/templates/layout';
import { minutes } from '../../mail/templates/phrases';

export interface PasswordResetData {
  link: string;
  expiresMinutes: number;
}

export function passwordReset(data: PasswordResetData): RenderedMail {
  const expires = minutes(data.expiresMinutes);
  return renderMail('Reset your Teamfilm password', {
    preheader: `Your password reset link expires in ${expires}.`,
    heading: 'Reset your password',
    paragraphs: [`Someone asked to reset the password of your Teamfilm account. Use the button below to choose a new one. The link expires in ${expires}.`],
    action: { label: 'Reset password', url: data.link },
    notes: ['If you did not ask to reset your password, you can ignore this email. Your password stays the same.'],
  });
}
