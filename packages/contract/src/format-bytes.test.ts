import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('shows sizes in MB / KB', () => {
    expect(formatBytes(1_000_000)).toBe('1 MB');
    expect(formatBytes(5_000_000)).toBe('5 MB');
    expect(formatBytes(1_500_000)).toBe('1.5 MB');
    expect(formatBytes(65_536)).toBe('65.5 KB');
    expect(formatBytes(900)).toBe('900 bytes');
  });
});
