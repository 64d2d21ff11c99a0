import { afterAll } from 'vitest';

/**
 * The tests' receivers listen on loopback: the contract's explicit allow-list for tests (plain http allowed for
 * it). Put back after the file, since the API test files share one process per vitest worker (decision 321) and a
 * later file may check that loopback is refused.
 */
export function allowLoopbackWebhooks(): void {
  const before = process.env.WEBHOOK_ALLOW_HOSTS;
  process.env.WEBHOOK_ALLOW_HOSTS = '127.0.0.1';
  afterAll(() => {
    if (before === undefined) delete process.env.WEBHOOK_ALLOW_HOSTS;
    else process.env.WEBHOOK_ALLOW_HOSTS = before;
  });
}
