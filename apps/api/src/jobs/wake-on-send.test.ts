import { describe, expect, it, vi } from 'vitest';
import type PgBoss from 'pg-boss';
import { wakeWorkersOnSend } from './queue';

/** A stand-in for pg-boss recording what the wrapper asks of it. */
function recordingBoss() {
  const calls = { work: [] as { name: string; options: unknown }[], notified: [] as string[] };
  let next = 0;
  const boss = {
    async work(name: string, options: unknown) {
      calls.work.push({ name, options });
      return `w${next++}`;
    },
    async send(name: string | { name: string }) {
      return `job-of-${typeof name === 'string' ? name : name.name}`;
    },
    notifyWorker(id: string) {
      calls.notified.push(id);
    },
  };
  return { boss: boss as unknown as PgBoss, calls };
}

describe('wakeWorkersOnSend', () => {
  it('a job sent wakes the workers of its own queue, not the others', async () => {
    const { boss, calls } = recordingBoss();
    wakeWorkersOnSend(boss);
    const a1 = await boss.work('a', async () => undefined);
    const a2 = await boss.work('a', { batchSize: 1 }, async () => undefined);
    await boss.work('b', async () => undefined);
    expect(await boss.send('a', {})).toBe('job-of-a');
    expect(calls.notified).toEqual([a1, a2]);
    await boss.send({ name: 'c', data: {} });
    expect(calls.notified).toEqual([a1, a2]);
  });

  it('a delayed job wakes its workers when it is due, not before', async () => {
    vi.useFakeTimers();
    try {
      const { boss, calls } = recordingBoss();
      wakeWorkersOnSend(boss);
      const a = await boss.work('a', async () => undefined);
      await boss.send('a', {}, { startAfter: 3 });
      await boss.send('a', {}, { startAfter: new Date(Date.now() + 5_000) });
      expect(calls.notified).toEqual([]);
      vi.advanceTimersByTime(3_000);
      expect(calls.notified).toEqual([a]);
      vi.advanceTimersByTime(2_000);
      expect(calls.notified).toEqual([a, a]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('on the embedded database polls are spaced at least minPollSeconds apart, keeping slower ones', async () => {
    const { boss, calls } = recordingBoss();
    wakeWorkersOnSend(boss, { minPollSeconds: 2 });
    await boss.work('fast', { pollingIntervalSeconds: 0.5, batchSize: 1 }, async () => undefined);
    await boss.work('default', async () => undefined);
    await boss.work('slow', { pollingIntervalSeconds: 30 }, async () => undefined);
    expect(calls.work.map((w) => w.options)).toEqual([
      { pollingIntervalSeconds: 2, batchSize: 1 }, { pollingIntervalSeconds: 2 }, { pollingIntervalSeconds: 30 },
    ]);
  });

  it('without minPollSeconds the worker options pass through untouched', async () => {
    const { boss, calls } = recordingBoss();
    wakeWorkersOnSend(boss);
    await boss.work('fast', { pollingIntervalSeconds: 0.5 }, async () => undefined);
    expect(calls.work[0]!.options).toEqual({ pollingIntervalSeconds: 0.5 });
  });
});
