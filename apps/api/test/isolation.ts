import { expect } from 'vitest';
import type { TestAccount } from './accounts';

export interface IsolationProbe {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A path that names the owner's record (its id or its RFC). */
  path: string;
  body?: unknown;
}

/**
 * The one tenant-isolation check every module uses: for each request that reaches the owner's data,
 * the owner gets a 2xx and another account gets 403 (foreign RFC) or 404 (foreign id) — never data,
 * and afterwards the owner's record is unchanged (`verify` re-reads it as the owner).
 */
export async function expectIsolated(
  baseUrl: string,
  owner: TestAccount,
  intruder: TestAccount,
  probes: IsolationProbe[],
  verify?: () => Promise<void>,
): Promise<void> {
  for (const probe of probes) {
    const res = await fetch(`${baseUrl}${probe.path}`, {
      method: probe.method,
      headers: { ...intruder.headers, ...(probe.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: probe.body !== undefined ? JSON.stringify(probe.body) : undefined,
    });
    expect([403, 404], `${probe.method} ${probe.path} as another tenant → ${res.status}`).toContain(res.status);
    const text = await res.text();
    expect(text).not.toContain(owner.rfc);
  }
  await verify?.();
}
