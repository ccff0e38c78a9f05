import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers/test-app';

export const strongPassword = 'correct horse battery staple';

export function cookiesOf(res: LightMyRequestResponse): Record<string, { value: string; [k: string]: unknown }> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c as { value: string; name: string }]));
}

export async function signUp(t: TestApp, body: Record<string, unknown>, tenant = 'demo', host?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/v0/tenants/${tenant}/auth/create`,
    payload: { password: strongPassword, ...body },
    headers: host ? { host } : {},
  });
}

export async function signIn(t: TestApp, emailOrUsername: string, password = strongPassword, tenant = 'demo') {
  return t.app.inject({ method: 'POST', url: `/v0/tenants/${tenant}/auth/basic`, payload: { emailOrUsername, password } });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

export function header(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
}
