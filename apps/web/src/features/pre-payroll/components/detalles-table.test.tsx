import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PrenominaDetalle } from '@facturo/contract';
import { renderWithProviders } from '../../../shared/test/render';
import { DetallesTable } from './detalles-table';

const detalle = (over: Partial<PrenominaDetalle>): PrenominaDetalle => ({
  id: 1, prenomina_id: 1, empleado: { id: 1, rfc: 'NUOM850101AB1', nombre: 'MARÍA NÚÑEZ', curp: 'NUOM850101MDFXXX01', nss: '12345678901', no_empleado: 'E001' },
  percepciones: [], deducciones: [], otros_pagos: [], total_percepciones: '7839.00', total_deducciones: '1000.00', total_otros_pagos: '0.00',
  isr: '800.00', imss: '200.00', neto: '6839.00', imss_patronal: '782.49', rcv_patronal: '634.14', infonavit_patronal: '391.95',
  status: 0, status_text: 'Pendiente de timbrar', xml: null, xmlUrl: null, pdfUrl: null, uuid: null, error: null, uuid_cancelado: null, emailed_at: null,
  ...over,
});

describe('prenómina receipts: the employer cost beside the worker quota (decision 323)', () => {
  it('shows «IMSS obrero» and «IMSS patronal» (IMSS + retiro, cesantía y vejez) with the INFONAVIT below', () => {
    renderWithProviders(<DetallesTable rows={[detalle({})]} onAction={() => undefined} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['IMSS obrero', 'IMSS patronal']));
    const cell = within(screen.getByTestId('detalle-E001')).getByTestId('detalle-imss-patronal');
    // 782.49 + 634.14 = 1,416.63
    expect(cell.textContent).toBe('$1,416.63+ INFONAVIT $391.95');
  });

  it('a worker without social security shows $0.00 and no INFONAVIT line; an old receipt not computed shows «—»', () => {
    renderWithProviders(<DetallesTable rows={[
      detalle({ id: 2, empleado: { ...detalle({}).empleado, no_empleado: 'E002' }, imss_patronal: '0.00', rcv_patronal: '0.00', infonavit_patronal: '0.00' }),
      detalle({ id: 3, empleado: { ...detalle({}).empleado, no_empleado: 'E003' }, imss_patronal: null, rcv_patronal: null, infonavit_patronal: null }),
    ]} onAction={() => undefined} />);
    expect(within(screen.getByTestId('detalle-E002')).getByTestId('detalle-imss-patronal').textContent).toBe('$0.00');
    expect(within(screen.getByTestId('detalle-E003')).getByTestId('detalle-imss-patronal').textContent).toBe('—');
  });
});
