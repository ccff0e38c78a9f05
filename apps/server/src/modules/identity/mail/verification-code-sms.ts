import { minutes } from '../../mail/templates/phrases';

export interface VerificationCodeSmsData {
  code: string;
  expiresMinutes: number;
  /** Host of the public URL; adds the origin-bound line browsers use to offer the code (WebOTP). */
  domain?: string;
}

export function verificationCodeSms(data: VerificationCodeSmsData): string {
  const text = `Your Teamfilm code is ${data.code}. It expires in ${minutes(data.expiresMinutes)}. Never share it.`;
  return data.domain ? `${text}\n\n@${data.domain} #${data.code}` : text;
}
