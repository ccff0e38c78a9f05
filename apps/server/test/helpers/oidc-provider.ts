import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A test account of the provider: `login` is the id typed into its dev login form. */
export interface TestAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
}

export interface TestOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Provider (panva's `oidc-provider`) on 127.0.0.1:<random port>, with one confidential
 * client and its built-in dev interactions (login form: any `login` + `password`; consent form).
 */
export async function startOidcProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: Record<string, TestAccount>;
}): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // The package ships no types; a non-literal specifier keeps tsc from looking for them.
  const moduleName = 'oidc-provider';
  const { default: Provider } = (await import(moduleName)) as { default: new (issuer: string, config: unknown) => OidcProviderInstance };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-cookie-key-not-secret'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    async findAccount(_ctx: unknown, id: string) {
      const account = options.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
  });
  // Quiet: oidc-provider logs every (expected) error of the negative tests otherwise.
  provider.on('server_error', () => {});
  server.on('request', provider.callback());

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface OidcProviderInstance {
  callback(): http.RequestListener;
  on(event: string, listener: (...args: unknown[]) => void): void;
}

/** Cookies carried by hand between `fetch` calls (per host:port, like a browser; paths ignored). */
export class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  store(url: string, res: Response): void {
    const host = new URL(url).host;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0\b/i.test(line);
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  header(url: string): string {
    const jar = this.jars.get(new URL(url).host);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }

  get(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).host)?.get(name);
  }

  set(url: string, name: string, value: string | undefined): void {
    const host = new URL(url).host;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    if (value === undefined) jar.delete(name);
    else jar.set(name, value);
  }
}

/** One browser request: no automatic redirects, cookies from and into the jar. */
export async function browserFetch(jar: CookieJar, url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  const cookie = jar.header(url);
  if (cookie) headers.cookie = cookie;
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(url, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
  jar.store(url, res);
  return res;
}

/**
 * Follows the provider's redirects and fills in its dev login (as `login`) and consent forms,
 * stopping at the first redirect that leaves the provider (our callback). Returns that URL.
 */
export async function signInAtProvider(jar: CookieJar, authorizationUrl: string, issuer: string, login: string): Promise<string> {
  let url = authorizationUrl;
  for (let step = 0; step < 20; step++) {
    if (!url.startsWith(issuer)) return url;
    const res = await browserFetch(jar, url);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(html)?.[1];
    if (!action) throw new Error(`no form on provider page: ${html.slice(0, 500)}`);
    const form: Record<string, string> = /name="login"/.test(html) ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' };
    const post = await browserFetch(jar, new URL(action, url).href, { form });
    if (post.status < 300 || post.status >= 400) throw new Error(`interaction post answered ${post.status}: ${(await post.text()).slice(0, 500)}`);
    url = new URL(post.headers.get('location')!, url).href;
  }
  throw new Error('too many provider steps');
}
