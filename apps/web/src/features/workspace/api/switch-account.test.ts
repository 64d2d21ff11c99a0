import { afterEach, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@facturo/contract';
import { clearSession, getUser } from '../../../shared/session/session-store';
import { switchAccount } from './workspace-api';

const session = (rfc: string): LoginResponse => ({
  access_token: `tok-${rfc}`,
  user: { name: rfc, rfc, img: null, email: `${rfc.toLowerCase()}@x.mx`, regimen: '601', clave_sat: null, is_confirmed: true, profile_completed: true, rol: 10, contr_stripe: false },
});

/** A fetch whose answers for each RFC's switch the test releases by hand. */
function heldFetch() {
  const gates = new Map<string, () => void>();
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    let body: unknown;
    if (url.pathname === '/api/me/cuenta') {
      const { rfc } = JSON.parse(String(init.body)) as { rfc: string };
      await new Promise<void>((resolve) => gates.set(rfc, resolve));
      body = { access_token: `tok-${rfc}` };
    } else {
      const token = new Headers(init.headers).get('authorization')?.replace('Bearer ', '') ?? '';
      body = session(token.replace('tok-', ''));
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return (rfc: string) => gates.get(rfc)!();
}

describe('switching accounts (issue 26 §4)', () => {
  afterEach(() => clearSession());

  it('when two switches overlap, the later one wins even if the earlier answer arrives last', async () => {
    const release = heldFetch();
    const first = switchAccount('AAA010101AAA');
    const second = switchAccount('BBB020202BBB');
    await new Promise((r) => setTimeout(r, 0));
    release('BBB020202BBB');
    await expect(second).resolves.toBe(true);
    expect(getUser()?.username).toBe('BBB020202BBB');
    release('AAA010101AAA');
    await expect(first).resolves.toBe(false);
    expect(getUser()?.username).toBe('BBB020202BBB');
  });
});
