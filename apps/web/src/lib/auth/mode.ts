import type { AuthMode } from '@app/contracts/identity-responses';

// 10/8, 172.16/12, 192.168/16, 127/8 loopback, 169.254/16 link-local, 0.0.0.0.
const privateIpv4 = /^(10\.\d+|172\.(1[6-9]|2\d|3[01])|192\.168|127\.\d+|169\.254)\.\d+\.\d+$|^0\.0\.0\.0$/;
// ::1 loopback, fc00::/7 unique-local, fe80::/10 link-local (URL.hostname keeps the brackets).
const privateIpv6 = /^\[?(::1|f[cd][0-9a-f]{0,2}:.*|fe[89ab][0-9a-f]?:.*)\]?$/i;

/**
 * `test` on localhost, a private-network address or a page not served over https;
 * `live` otherwise. The server's `GET /tenants/{tenantId}/mode` answer may replace it.
 */
export function detectMode(location: Pick<Location, 'hostname' | 'protocol'>): AuthMode {
  const hostname = location.hostname.toLowerCase();
  if (location.protocol !== 'https:') return 'test';
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return 'test';
  if (privateIpv4.test(hostname) || privateIpv6.test(hostname)) return 'test';
  return 'live';
}
