import { describe, expect, it } from 'vitest';
import { SecretBox } from './secrets';

describe('SecretBox (AES-256-GCM)', () => {
  const box = new SecretBox('a'.repeat(40));
  it('round-trips and never stores the clear text', () => {
    const sealed = box.seal('Clave1234', 'ciec');
    expect(sealed).not.toContain('Clave1234');
    expect(box.open(sealed, 'ciec').toString()).toBe('Clave1234');
    expect(box.seal('Clave1234', 'ciec')).not.toBe(sealed);
  });
  it('refuses another purpose, another key or a tampered value', () => {
    const sealed = box.seal(Buffer.from([1, 2, 3]), 'csd-key');
    expect(() => box.open(sealed, 'ciec')).toThrow();
    expect(() => new SecretBox('b'.repeat(40)).open(sealed, 'csd-key')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'), 'csd-key')).toThrow();
  });
});
