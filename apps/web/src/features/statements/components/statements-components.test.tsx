import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Diot, DiotRow, Statement } from '@facturo/contract';
import { renderWithProviders } from '../../../shared/test/render';
import { DiotResult } from './diot-tab';
import { StatementDetail } from './statement-tab';

const row: DiotRow = {
  rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', tipoTercero: '04', tipoOperacion: '85', idFiscal: '', pais: '', stotal: '2500.00', stiva16: '2500.00',
  stiva8: '0.00', stiva0: '0.00', stivaex: '0.00', stnoobjeto: '0.00', devoluciones16: '0.00', devoluciones8: '0.00', iva16: '400.00', iva8: '0.00',
  ivaNoAcreditable: '0.00', ivaRetenido: '0.00', importacion16: '0.00', importacionExento: '0.00', cfdis: 2,
};
const diot: Diot = {
  folio: 2, status: 0, mes: 3, anio: 2026, emisor: 'AAAA800101AB1', cadena: 'x', datos: { proveedores: 1, lineas: 1, total: '2500.00', iva: '400.00', cfdis: 2 },
  info: ['Ningún proveedor cabe en el proveedor global'], rows: [row], link: '/statements?tab=diot&folio=2', urlAnexo: '/api/diot/2/file', urlAcuse: null,
  diff: { contraFolio: 1, contra: 'presentada', cambios: [{ rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', cambio: 'modificado', campos: [{ campo: 'stiva16', antes: '2000.00', despues: '2500.00' }] }] },
  created_at: '2026-04-01T00:00:00.000Z',
};

describe('statements components', () => {
  it('the DIOT shows its rows, its notes and the change against the filed one', () => {
    renderWithProviders(<DiotResult d={diot} rfc="AAAA800101AB1" />);
    expect(screen.getByText('DIOT folio 2 · Marzo 2026')).toBeTruthy();
    expect(screen.getByText('Ningún proveedor cabe en el proveedor global')).toBeTruthy();
    expect(screen.getByText('Cambios contra la DIOT presentada folio 1')).toBeTruthy();
    expect(screen.getByText('Base 16 %: $2,000.00 → $2,500.00')).toBeTruthy();
    expect(screen.getAllByText('$400.00').length).toBeGreaterThan(0);
  });

  it('a statement shows each section with its article; a section hidden in the settings is not shown', () => {
    const s: Statement = {
      id: 1, rfc: 'AAAA800101AB1', type: 'ISR 612 e IVA', period: 'Marzo 2026', month: 3, year: 2026, regimen: '612', isr_a_pagar: '1810.85', iva_a_pagar: '0.00',
      iva_saldo_a_favor: '464.00', created_at: '2026-04-01T00:00:00.000Z', presentada_at: null, vacio: false, mensaje: null, documentos: [],
      secciones: [
        { impuesto: 'isr', titulo: 'ISR pago provisional (612)', calculado: true, mensaje: null, a_pagar: '1810.85', saldo_a_favor: '0.00',
          lineas: [{ clave: 'isr_a_pagar', concepto: 'ISR a pagar', valor: '1810.85', fundamento: 'LISR art. 106', fuente: null }] },
        { impuesto: 'iva', titulo: 'IVA definitivo del mes', calculado: true, mensaje: null, a_pagar: '0.00', saldo_a_favor: '464.00', lineas: [] },
      ],
    };
    renderWithProviders(<StatementDetail s={s} hidden={new Set(['iva'])} />);
    expect(screen.getByText('ISR pago provisional (612)')).toBeTruthy();
    expect(screen.getByText('LISR art. 106')).toBeTruthy();
    expect(screen.getByTestId('a-pagar-isr').textContent).toBe('A pagar $1,810.85');
    expect(screen.queryByText('IVA definitivo del mes')).toBeNull();
  });
});
