import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Recurring } from '@facturo/contract';
import { mockFetch, renderWithProviders } from '../../../shared/test/render';
import { clearSession, startSession } from '../../../shared/session/session-store';
import { EditRecurringDialog, recurringChanges } from './edit-recurring-dialog';

const session = {
  access_token: 'tok',
  user: { name: 'Prueba', rfc: 'EKU9003173C9', img: null, email: 'a@b.mx', regimen: '601', clave_sat: null, is_confirmed: true, profile_completed: true, rol: 11, contr_stripe: false },
} as never;

const row: Recurring = {
  id: 7, uuidOrigen: 'AAAAAAAA-0000-4000-8000-000000000001', cliente: 'Juana Pérez', total: '4000.00', frecuencia: 'mes', cada: 1,
  descripcion: 'Cada mes', proxima: '2030-01-15', fin: '2030-12-31', veces: 12, emitidas: 2, estado: 'activa',
  periodoEnDescripcion: true, enviarCorreo: true, ultimoError: null, reintento: null, ultimaUuid: null, created_at: '2026-11-01T00:00:00.000Z',
};

afterEach(() => clearSession());

describe('editing a recurring invoice', () => {
  it('sends only what changed; an emptied end or count goes as null', () => {
    const same = { frecuencia: 'mes' as const, cada: 1, proxima: '2030-01-15', fin: '2030-12-31', veces: 12 as number | '', periodo: true, correo: true };
    expect(recurringChanges(row, same)).toEqual({});
    expect(recurringChanges(row, { ...same, frecuencia: 'dias', cada: 10, fin: '', veces: '', correo: false }))
      .toEqual({ frecuencia: 'dias', cada: 10, fin: null, veces: null, enviarCorreo: false });
    expect(recurringChanges(row, { ...same, proxima: '2030-02-03', periodo: false })).toEqual({ proxima: '2030-02-03', periodoEnDescripcion: false });
  });

  it('saves the form with PATCH and shows the API\u2019s Spanish field error', async () => {
    startSession(session);
    let patches = 0;
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/recurrentes/7' && init.method === 'PATCH') {
        patches += 1;
        return patches === 1
          ? { status: 422, body: { message: 'La fecha de fin no puede ser anterior a la próxima factura', errors: { fin: ['La fecha de fin no puede ser anterior a la próxima factura'] } } }
          : { body: { ...row, cada: 2, descripcion: 'Cada 2 meses', enviarCorreo: false } };
      }
      if (url.pathname === '/api/recurrentes') return { body: { data: [] } };
      return undefined;
    });
    let closed = 0;
    renderWithProviders(<EditRecurringDialog row={row} onClose={() => { closed += 1; }} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Editar la factura recurrente de Juana Pérez')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Cada'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Próxima factura'), { target: { value: '2030-02-01' } });
    fireEvent.change(within(dialog).getByLabelText('Hasta (opcional)'), { target: { value: '2030-01-20' } });
    fireEvent.click(within(dialog).getByLabelText('Enviar cada factura por correo al cliente'));
    expect(within(dialog).getByText('Cada 2 meses')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(within(dialog).getByTestId('recurring-edit-error').textContent).toMatch(/fecha de fin no puede ser anterior/));
    expect(closed).toBe(0);
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ cada: 2, proxima: '2030-02-01', fin: '2030-01-20', enviarCorreo: false });

    fireEvent.change(within(dialog).getByLabelText('Hasta (opcional)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(calls.filter((c) => c.method === 'PATCH')[1]!.body).toEqual({ cada: 2, proxima: '2030-02-01', fin: null, enviarCorreo: false });
  });
});
