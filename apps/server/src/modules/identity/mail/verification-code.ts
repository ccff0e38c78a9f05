import { renderMail, type RenderedMail } from '../../mail/templates/layout';
import { minutes } from '../../mail/templates/phrases';

export interface VerificationCodeData {
  code: string;
  expiresMinutes: number;
}

export function verificationCode(data: VerificationCodeData): RenderedMail {
  const expires = minutes(data.expiresMinutes);
  // The code sits in the subject so it can be read from a notification, as most providers do.
  return renderMail(`Your Teamfilm code: ${data.code}`, {
    preheader: `Your code expires in ${expires}.`,
    heading: 'Your Teamfilm code',
    paragraphs: [`Enter this code to continue. It expires in ${expires}.`],
    code: data.code,
    notes: [
      'Never share this code. Teamfilm will never ask you for it.',
      'If you did not ask for a code, you can ignore this email.',
    ],
  });
}
