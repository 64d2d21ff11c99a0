import { describe, expect, it } from 'vitest';
import { clientInputSchema } from '@facturo/contract';
import { emptyClientForm, formToInput, rfcKind } from './client-form';

describe('customer form model', () => {
  it('tells the RFC kind as it is typed', () => {
    expect(rfcKind('EKU900317')).toBeNull();
    expect(rfcKind('eku9003173c9')).toBe('moral');
    expect(rfcKind('PEPJ800101AB1')).toBe('fisica');
    expect(rfcKind('XAXX010101000')).toBe('publico');
    expect(rfcKind(' xexx010101000 ')).toBe('extranjero');
  });

  it('sends blanks as null and drops the address of a foreign customer', () => {
    const v = { ...emptyClientForm(), rfc: 'xexx010101000', r_social: 'ACME INC', regimen: '616', uso_cfdi: 'S01', pais: 'USA', num_reg_id_trib: '123456789', domicilio: { cp: '06600' }, state: 'CMX' };
    const input = formToInput(v);
    expect(input).toMatchObject({ rfc: 'XEXX010101000', domicilio: { cp: null }, state: null, municipality: null, pais: 'USA', num_reg_id_trib: '123456789' });
    expect(clientInputSchema.safeParse(input).success).toBe(true);
  });

  it('a national customer without CP fails the contract on domicilio.cp', () => {
    const input = formToInput({ ...emptyClientForm(), rfc: 'EKU9003173C9', r_social: 'ESCUELA KEMPER URGATE', regimen: '601', uso_cfdi: 'G03' });
    const parsed = clientInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['domicilio.cp']);
  });
});
