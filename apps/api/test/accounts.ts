import { randomInt } from 'node:crypto';
import { withCheckDigit } from '@facturo/contract';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const pick = (s: string) => s[randomInt(s.length)]!;

/** A random, valid persona física (13) or moral (12) RFC. */
export function randomRfc(persona: 'fisica' | 'moral' = 'fisica'): string {
  const letters = Array.from({ length: persona === 'fisica' ? 4 : 3 }, () => pick(LETTERS)).join('');
  const yy = String(randomInt(50, 99)).padStart(2, '0');
  const mm = String(randomInt(1, 13)).padStart(2, '0');
  const dd = String(randomInt(1, 29)).padStart(2, '0');
  const homo = pick('ABCDEFGHJKLMNPQRSTUVWXYZ123456789') + pick('ABCDEFGHJKLMNPQRSTUVWXYZ123456789');
  return withCheckDigit(`${letters}${yy}${mm}${dd}${homo}`);
}

export const TEST_PASSWORD = 'Secreta#2026';

export interface TestAccount {
  rfc: string;
  email: string;
  password: string;
  token: string;
  headers: Record<string, string>;
}

async function post(baseUrl: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as any;
  if (!res.ok) throw new Error(`${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Reads the newest verification code sent to an address through the dev outbox. */
export async function latestCode(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const body = (await res.json()) as { data: { text: string }[] };
  const match = /(\d{6})/.exec(body.data[0]?.text ?? '');
  if (!match) throw new Error(`no code in the outbox for ${email}`);
  return match[1]!;
}

/** Registers, verifies and completes a fresh account through the public API; returns its token. */
export async function createAccount(
  baseUrl: string,
  opts: { persona?: 'fisica' | 'moral'; rfc?: string; rol?: 1 | 10 | 11 } = {},
): Promise<TestAccount> {
  const persona = opts.persona ?? 'fisica';
  const rfc = opts.rfc ?? randomRfc(persona);
  const email = `${rfc.toLowerCase()}.${randomInt(1e6)}@ejemplo.mx`;
  await post(baseUrl, '/api/pre-registro', { rfc, email, password: TEST_PASSWORD });
  const verified = await post(baseUrl, '/api/verificar-cuenta', { email, code: await latestCode(baseUrl, email) });
  const completed = await post(baseUrl, '/api/crear-cuenta', {
    fullName: persona === 'fisica' ? 'Juana Pérez Núñez' : 'Comercializadora Ñandú SA de CV',
    regimen: persona === 'fisica' ? '612' : '601',
    cp: '06600', estado: 'CMX', municipio: '015', timeZone: 'America/Mexico_City',
  }, verified.access_token);
  let token = completed.access_token as string;
  if (opts.rol) token = (await post(baseUrl, '/api/dev/account-flags', { rol: opts.rol }, token)).access_token;
  return { rfc, email, password: TEST_PASSWORD, token, headers: { authorization: `Bearer ${token}` } };
}
