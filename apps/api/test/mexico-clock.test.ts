import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentTimeNow } from './mexico-clock';

describe('paymentTimeNow', () => {
  afterEach(() => { vi.useRealTimers(); });
  it('is a minute before now on Mexico’s clock', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 29, 18, 30, 0) });
    expect(paymentTimeNow()).toBe('2026-11-29T12:29:00');
  });
  it('in the first minute of a day stays on that day (an invoice issued now is dated today)', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 29, 6, 0, 30) });
    expect(paymentTimeNow()).toBe('2026-11-29T00:00:00');
    expect(paymentTimeNow(120_000)).toBe('2026-11-29T00:00:00');
  });
});
