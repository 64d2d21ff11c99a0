import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { InvoiceRow } from '@facturo/contract';
import { renderWithProviders } from '../../../shared/test/render';
import { OutcomesTable, type OutcomeAction } from './outcomes-table';

const row = (over: Partial<InvoiceRow>): InvoiceRow => ({
  id: 1, uuid: 'AAAAAAAA-0000-4000-8000-000000000001', serie: 'F', folio: '7', rfc: 'EKU9003173C9', client: 'ESCUELA KEMPER URGATE',
  f_emi: '2026-03-12T10:00:00', f_pago: null, total: '2320.00', subtotal: '2000.00', saldo: '2320.00', moneda: 'MXN', tc: '1', estado: 'vigente',
  tipoDeComprobante: 'I', metodoPago: 'PPD', formaPago: '99', status: 1, notCount: false, pagoManual: false, blacklisted: false, hasRelated: false,
  madre_uuid: null, num_parcialidad: null, imp_saldo_ant: null, imp_pagado: null, imp_saldo_insoluto: null, metodo_pago_dr: null, tipo_cambio: null,
  documentos: 0, deducible: false, deducibleMotivo: 'Pagado en efectivo por más de $2,000.00', deducibleManual: false, ...over,
});

describe('<OutcomesTable />', () => {
  it('shows the supplier and the deductible switch; toggling asks for the override', () => {
    const actions: [OutcomeAction, string][] = [];
    renderWithProviders(<OutcomesTable rows={[row({}), row({ id: 2, uuid: 'AAAAAAAA-0000-4000-8000-000000000002', deducible: true, metodoPago: 'PUE', status: 2, f_pago: '2026-03-12', saldo: '0.00' })]}
      onAction={(a, r) => actions.push([a, r.uuid])} />);
    expect(screen.getAllByText('EKU9003173C9 - ESCUELA KEMPER URGATE')).toHaveLength(2);
    const first = screen.getByTestId('deducible-AAAAAAAA-0000-4000-8000-000000000001') as HTMLInputElement;
    const second = screen.getByTestId('deducible-AAAAAAAA-0000-4000-8000-000000000002') as HTMLInputElement;
    expect(first.checked).toBe(false);
    expect(second.checked).toBe(true);
    fireEvent.click(first);
    expect(actions).toEqual([['deductible', 'AAAAAAAA-0000-4000-8000-000000000001']]);
  });

  it('offers what applies to a received document: no SAT cancellation, forwarding by e-mail; complement request for an open PPD', async () => {
    renderWithProviders(<OutcomesTable rows={[row({})]} onAction={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Acciones de F-7' }));
    expect(await screen.findByText('Solicitar complemento de pago')).toBeTruthy();
    expect(screen.getByText('Marcar como pagado')).toBeTruthy();
    expect(screen.getByText('Cancelado por el proveedor')).toBeTruthy();
    expect(screen.queryByText('Cancelar factura')).toBeNull();
    expect(screen.queryByText('Enviar por correo')).toBeNull();
    expect(screen.getByText('Reenviar por correo')).toBeTruthy();
  });

  it('flags a supplier on SAT\'s 69-B list and asks SAT for the status from the menu', async () => {
    const actions: [OutcomeAction, string][] = [];
    renderWithProviders(<OutcomesTable rows={[row({ blacklisted: true }), row({ id: 2, uuid: 'AAAAAAAA-0000-4000-8000-000000000002', folio: '8' })]}
      onAction={(a, r) => actions.push([a, r.uuid])} />);
    expect(screen.getAllByTestId('badge-69b')).toHaveLength(1);
    expect(screen.getByTestId('badge-69b').textContent).toBe('Lista 69-B');
    fireEvent.click(screen.getByRole('button', { name: 'Acciones de F-7' }));
    fireEvent.click(await screen.findByText('Consultar estado en el SAT'));
    expect(actions).toEqual([['satStatus', 'AAAAAAAA-0000-4000-8000-000000000001']]);
  });

  it('a deductible expense can be marked as used only in taxed or only in exempt activities (issue 24 §7)', async () => {
    const actions: [OutcomeAction, string][] = [];
    renderWithProviders(<OutcomesTable rows={[row({ deducible: true, ivaUso: 'exentas' })]} onAction={(a, r) => actions.push([a, r.uuid])} />);
    expect(screen.getByTestId('iva-uso-AAAAAAAA-0000-4000-8000-000000000001').textContent).toBe('IVA: solo exentas');
    fireEvent.click(screen.getByRole('button', { name: 'Acciones de F-7' }));
    expect(await screen.findByText('Uso del gasto para el IVA (LIVA art. 5 fr. V)')).toBeTruthy();
    fireEvent.click(screen.getByText('Solo en actividades gravadas'));
    expect(actions).toEqual([['ivaGravadas', 'AAAAAAAA-0000-4000-8000-000000000001']]);
  });
});
