import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * SSRF guard (issue 29 §5): a webhook URL must be https and resolve only to public addresses. A host listed in
 * WEBHOOK_ALLOW_HOSTS (tests: 127.0.0.1) skips both checks, plain http included. Checked when the endpoint is
 * registered and again before each delivery (DNS can change in between).
 */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) PRIVATE.addSubnet(net, bits, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) {
    // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 it carries.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    return mapped ? PRIVATE.check(mapped[1]!, 'ipv4') : PRIVATE.check(address, 'ipv6');
  }
  return true;
}

export const allowHostsFromEnv = (env: NodeJS.ProcessEnv = process.env): string[] =>
  (env.WEBHOOK_ALLOW_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);

export type Resolver = (host: string) => Promise<string[]>;
const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** The Spanish reason a URL may not receive webhooks, or null when it may. */
export async function webhookUrlProblem(url: string, allowHosts: string[] = allowHostsFromEnv(), resolve: Resolver = systemResolver): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'La URL del webhook no es válida';
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowHosts.includes(host)) return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? null : 'La URL del webhook debe usar https';
  if (parsed.protocol !== 'https:') return 'La URL del webhook debe usar https';
  if (parsed.username || parsed.password) return 'La URL del webhook no puede llevar usuario ni contraseña';
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return `No se encontró el servidor ${host} de la URL del webhook`;
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) return 'La URL del webhook apunta a una dirección privada o local; usa una dirección pública';
  return null;
}
