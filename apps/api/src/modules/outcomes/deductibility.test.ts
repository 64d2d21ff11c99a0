import { describe, expect, it } from 'vitest';
import { decideDeductibility, type DeductibilityFacts } from './deductibility';

const base: DeductibilityFacts = { tipo: 'I', usoCfdi: 'G03', formaPago: '03', metodoPago: 'PUE', total: '1160.00', regimen: '612', rfc: 'PENJ800101AB1' };
const decide = (over: Partial<DeductibilityFacts>) => decideDeductibility({ ...base, ...over });

describe('decideDeductibility', () => {
  it('an ordinary business expense (G03, transfer) is deducible', () => {
    expect(decide({})).toEqual({ deducible: true, motivo: 'Uso CFDI G03 con tu régimen 612: gasto deducible' });
    expect(decide({ metodoPago: 'PPD' }).motivo).toMatch(/conforme se paga/);
  });

  it('cash above $2,000 MXN is not deducible, exactly $2,000 is; a USD total is converted first', () => {
    expect(decide({ formaPago: '01', total: '2000.01' })).toMatchObject({ deducible: false, motivo: expect.stringMatching(/LISR art. 27 fr. III/) });
    expect(decide({ formaPago: '01', total: '2000.00' }).deducible).toBe(true);
    expect(decide({ formaPago: '01', total: '100.00', tipoCambio: '20.5' }).deducible).toBe(false);
    expect(decide({ formaPago: '04', total: '50000' }).deducible).toBe(true);
  });

  it('uso S01 and CFDI types that are not expenses are not deducible', () => {
    expect(decide({ usoCfdi: 'S01' }).deducible).toBe(false);
    for (const tipo of ['P', 'N', 'T']) expect(decide({ tipo }).deducible).toBe(false);
  });

  it('a received credit note counts in the deductions (negatively) for a régimen that deducts, not otherwise', () => {
    expect(decide({ tipo: 'E', usoCfdi: 'G02' })).toMatchObject({ deducible: true, motivo: expect.stringMatching(/LIVA art. 7/) });
    expect(decide({ tipo: 'E', usoCfdi: 'G02', regimen: '605' }).deducible).toBe(false);
    expect(decide({ tipo: 'E', usoCfdi: 'G02', regimen: '626' }).deducible).toBe(false);
    expect(decide({ tipo: 'E', usoCfdi: 'G02', regimen: null }).deducible).toBe(false);
  });

  it('personal deductions only for personas físicas', () => {
    expect(decide({ usoCfdi: 'D01' })).toMatchObject({ deducible: true, motivo: expect.stringMatching(/art. 151/) });
    expect(decide({ usoCfdi: 'D01', rfc: 'ABC010101AB1', regimen: '601' }).deducible).toBe(false);
  });

  it('the account’s régimen decides: wages (605) and RESICO físicas do not deduct; RESICO morales do', () => {
    expect(decide({ regimen: '605' }).deducible).toBe(false);
    expect(decide({ regimen: '626' }).motivo).toMatch(/RESICO persona física/);
    expect(decide({ regimen: '626', rfc: 'ABC010101AB1' }).deducible).toBe(true);
    expect(decide({ regimen: null }).motivo).toMatch(/Sin régimen/);
  });
});
