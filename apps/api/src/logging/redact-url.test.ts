import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/api/user?token=eyJ.abc.def&page=2')).toBe('/api/user?token=[Redacted]&page=2');
    expect(redactUrl('/api/x?Access_Token=a&code=123456&search=hola')).toBe('/api/x?Access_Token=[Redacted]&code=[Redacted]&search=[Redacted]');
    expect(redactUrl('/api/x?%74oken=abc')).toBe('/api/x?%74oken=[Redacted]');
    expect(redactUrl('/api/clients')).toBe('/api/clients');
    expect(redactUrl('/api/x?flag&%E0=1')).toBe('/api/x?flag&%E0=1');
  });
  it('hides e-mails and search terms (issue 25 §13), by name and by value', () => {
    expect(redactUrl('/api/dev/outbox?to=ana%40ejemplo.mx')).toBe('/api/dev/outbox?to=[Redacted]');
    expect(redactUrl('/api/incomes?page=1&searchQuery=Juana+P%C3%A9rez&limit=10')).toBe('/api/incomes?page=1&searchQuery=[Redacted]&limit=10');
    expect(redactUrl('/api/x?filters%5Bsearch%5D=ACME&year=2026')).toBe('/api/x?filters%5Bsearch%5D=[Redacted]&year=2026');
    expect(redactUrl('/api/x?contacto=ana@ejemplo.mx&month=3')).toBe('/api/x?contacto=[Redacted]&month=3');
    expect(redactUrl('/api/x?Email=a&q=b&month=3')).toBe('/api/x?Email=[Redacted]&q=[Redacted]&month=3');
  });
});
