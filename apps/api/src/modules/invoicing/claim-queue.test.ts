import { describe, expect, it } from 'vitest';
import { claimsInFlight, oneClaimAtATime } from './claim-queue';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('oneClaimAtATime', () => {
  it('runs one account’s claims one after another, in the order they came, and other accounts’ beside them', async () => {
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const claim = (user: number, name: string) => oneClaimAtATime(user, async () => {
      running += user === 1 ? 1 : 0;
      most = Math.max(most, running);
      log.push(`${name}:start`);
      await tick();
      log.push(`${name}:end`);
      running -= user === 1 ? 1 : 0;
      return name;
    });
    const results = await Promise.all([claim(1, 'a'), claim(1, 'b'), claim(2, 'x'), claim(1, 'c')]);
    expect(results).toEqual(['a', 'b', 'x', 'c']);
    expect(most).toBe(1);
    expect(log.filter((l) => !l.startsWith('x'))).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
    // The other account did not wait for the first one's queue.
    expect(log.indexOf('x:start')).toBeLessThan(log.indexOf('a:end'));
    expect(claimsInFlight()).toBe(0);
  });

  it('a failed claim rejects its own caller only; the next one still runs', async () => {
    const failed = oneClaimAtATime(7, async () => { throw new Error('sin timbres'); });
    const next = oneClaimAtATime(7, async () => 'siguiente');
    await expect(failed).rejects.toThrow('sin timbres');
    await expect(next).resolves.toBe('siguiente');
    await tick();
    expect(claimsInFlight()).toBe(0);
  });
});
