import { describe, expect, it, vi } from 'vitest';
import { acceptMessage, dispatchLive, onLive } from './live-channel';

const msg = (patch: Record<string, unknown> = {}) => ({
  rfc: 'EKU9003173C9',
  title: 'Validación de CIEC',
  message: 'Conectando con el SAT',
  code: 200,
  finished: false,
  last_update: '2026-11-23T12:00:00Z',
  jobId: 'job-1',
  progress: 40,
  ...patch,
});

describe('live channel (§4)', () => {
  it('accepts only messages of the user RFC', () => {
    expect(acceptMessage(msg(), 'EKU9003173C9')?.progress).toBe(40);
    expect(acceptMessage(msg(), 'eku9003173c9')).not.toBeNull();
    expect(acceptMessage(msg({ rfc: 'XAXX010101000' }), 'EKU9003173C9')).toBeNull();
    expect(acceptMessage(msg(), null)).toBeNull();
  });
  it('drops malformed messages', () => {
    expect(acceptMessage({ rfc: 'EKU9003173C9' }, 'EKU9003173C9')).toBeNull();
    expect(acceptMessage(msg({ progress: 140 }), 'EKU9003173C9')).toBeNull();
  });
  it('delivers accepted messages to listeners', () => {
    const l = vi.fn();
    const off = onLive(l);
    dispatchLive('ciec', msg(), 'EKU9003173C9');
    dispatchLive('ciec', msg({ rfc: 'AAA010101AAA' }), 'EKU9003173C9');
    off();
    dispatchLive('ciec', msg(), 'EKU9003173C9');
    expect(l).toHaveBeenCalledTimes(1);
    expect(l.mock.calls[0][0]).toBe('ciec');
  });
});
