import { describe, expect, it } from 'vitest';
import { payablesText, preDueText, reminderDue, reminderText, statementLines, upcoming } from './receivables';

const inv = (uuid: string, fecha: string, saldo: string) => ({ uuid, serie: 'A', folio: uuid, fecha, metodoPago: 'PPD', moneda: 'MXN', total: saldo, saldo });

describe('customer statement and reminder rules', () => {
  it('dates each invoice by the credit term, oldest due first, with exact sums', () => {
    const s = statementLines([inv('2', '2026-06-20', '0.20'), inv('1', '2026-03-16', '0.10')], '2026-06-30', 30);
    expect(s.facturas.map((f) => [f.uuid, f.vence, f.diasVencido])).toEqual([['1', '2026-04-15', 76], ['2', '2026-07-20', 0]]);
    expect(s).toMatchObject({ saldo: '0.30', vencido: '0.10' });
  });

  it('reminds when on, past due by diasDespues, and the interval has passed since the last one', () => {
    const { facturas } = statementLines([inv('1', '2026-06-01', '100.00')], '2026-06-30', 10); // due 06-11
    const s = { recordatorios: true, diasDespues: 5, intervalo: 7 };
    expect(reminderDue(facturas, '2026-06-15', s, null)).toBe(false); // 4 days past due
    expect(reminderDue(facturas, '2026-06-16', s, null)).toBe(true);
    expect(reminderDue(facturas, '2026-06-22', s, '2026-06-16')).toBe(false);
    expect(reminderDue(facturas, '2026-06-23', s, '2026-06-16')).toBe(true);
    expect(reminderDue(facturas, '2026-06-23', { ...s, recordatorios: false }, null)).toBe(false);
  });

  it('the Spanish template names each overdue invoice and what is owed', () => {
    const s = statementLines([inv('7', '2026-03-16', '1160.00'), inv('8', '2026-06-20', '580.00')], '2026-06-30', 30);
    const t = reminderText({ rfc: 'EKU9003173C9', nombre: 'ESCUELA' }, { rfc: 'XAXX010101000', nombre: 'CLIENTE' }, s.facturas, s.saldo, s.vencido);
    expect(t.subject).toBe('Recordatorio de pago: saldo vencido de 1160.00 con ESCUELA');
    expect(t.text).toContain('una factura vencida');
    expect(t.text).toContain('Factura A7 del 2026-03-16, venció el 2026-04-15 (76 días): saldo 1160.00 MXN');
    expect(t.text).not.toContain('A8');
  });
});

describe('notices before the due date (decision 317)', () => {
  const line = (vence: string, saldo = '100.00') => ({ vence, saldo, uuid: vence, serie: 'A', folio: vence.slice(8), fecha: '2026-03-01', metodoPago: 'PPD', moneda: 'MXN', total: saldo, diasVencido: 0 });
  it('takes what falls due within the days before, not what is overdue, paid or further; the window is the latest due date', () => {
    const lines = [line('2026-03-09'), line('2026-03-12'), line('2026-03-13'), line('2026-03-20'), line('2026-03-11', '0.00')];
    expect(upcoming(lines, '2026-03-10', 3)).toEqual({ lines: [lines[1], lines[2]], ventana: '2026-03-13' });
    expect(upcoming(lines, '2026-03-10', 1)).toBeNull();
    // The day after, nothing new enters: the same window (no second e-mail); later, a new due date: a new window.
    expect(upcoming(lines, '2026-03-11', 3)!.ventana).toBe('2026-03-13');
    expect(upcoming(lines, '2026-03-17', 3)!.ventana).toBe('2026-03-20');
  });
  it('writes the Spanish notices', () => {
    const { subject, text } = preDueText({ rfc: 'EKU9003173C9', nombre: 'Escuela Kemper Urgate' }, { rfc: 'XAXX010101000', nombre: 'Cliente' }, [line('2026-03-12')]);
    expect(subject).toBe('Aviso: una factura vence pronto con Escuela Kemper Urgate');
    expect(text).toContain('Factura A12 del 2026-03-01, vence el 2026-03-12: saldo 100.00 MXN');
    const p = payablesText('EKU9003173C9', [{ uuid: 'U', serie: null, folio: '7', fecha: '2026-02-10', rfc: 'PRO010101AAA', nombre: 'Proveedor', moneda: 'MXN', saldo: '50.00', vence: '2026-03-12' }]);
    expect(p.subject).toBe('Cuentas por pagar: 1 CFDI de proveedor vence pronto');
    expect(p.text).toContain('Proveedor (PRO010101AAA), CFDI 7 del 2026-02-10, vence el 2026-03-12: saldo 50.00 MXN');
  });
});
