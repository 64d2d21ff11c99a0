import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/api/user?token=eyJ.abc.def&page=2')).toBe('/api/user?token=[Redacted]&page=2');
    expect(redactUrl('/api/x?Access_Token=a&code=123456&search=hola')).toBe('/api/x?Access_Token=[Redacted]&code=[Redacted]&search=hola');
    expect(redactUrl('/api/x?%74oken=abc')).toBe('/api/x?%74oken=[Redacted]');
    expect(redactUrl('/api/clients')).toBe('/api/clients');
    expect(redactUrl('/api/x?flag&%E0=1')).toBe('/api/x?flag&%E0=1');
  });
});
