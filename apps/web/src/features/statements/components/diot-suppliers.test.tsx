import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DiotSupplier } from '@facturo/contract';
import { renderWithProviders } from '../../../shared/test/render';
import { clearSession, startSession } from '../../../shared/session/session-store';
import { DiotSuppliers, supplierBody } from './diot-suppliers';

const session = {
  access_token: 'tok',
  user: { name: 'Prueba', rfc: 'XOJI740919U48', img: null, email: 'a@b.mx', regimen: '612', clave_sat: null, is_confirmed: true, profile_completed: true, rol: 11, contr_stripe: false },
} as never;
const base = { id: null, guardado: false, pais: '', idFiscal: '', nacionalidad: '', jurisdiccion: '', cfdis: 1 };
const national: DiotSupplier = { ...base, rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', extranjero: false, tipoOperacion: '85', pagado: '1000.00' };
const foreign: DiotSupplier = { ...base, rfc: 'XEXX010101000', nombre: 'ACME CLOUD LLC', extranjero: true, tipoOperacion: '03', pagado: '2500.00', cfdis: 2 };

afterEach(() => clearSession());

describe('DIOT suppliers', () => {
  it('supplierBody: a national one sends RFC and tipo only; a foreign one its data, jurisdicción only with ZZZ', () => {
    expect(supplierBody(national, { tipoOperacion: '06' })).toEqual({ rfc: 'EKU9003173C9', tipoOperacion: '06' });
    expect(supplierBody(foreign, { pais: 'USA', idFiscal: ' 98-7654321 ', nacionalidad: '', jurisdiccion: 'Delaware' })).toEqual({
      rfc: 'XEXX010101000', nombre: 'ACME CLOUD LLC', tipoOperacion: '03', pais: 'USA', idFiscal: '98-7654321', nacionalidad: undefined, jurisdiccion: undefined,
    });
    expect(supplierBody(foreign, { pais: 'ZZZ', idFiscal: 'X1', jurisdiccion: 'Islas' })).toMatchObject({ pais: 'ZZZ', jurisdiccion: 'Islas' });
  });

  it('changing a national supplier\u2019s tipo saves it; a foreign one\u2019s data is saved with its button; the tipo of an unregistered foreign one waits for them', async () => {
    startSession(session);
    const puts: unknown[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/diot/proveedores' && init.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return json(200, { ...(body.rfc === national.rfc ? national : foreign), ...body, id: puts.length, guardado: true });
      }
      if (url.pathname === '/api/diot/proveedores') {
        expect(url.searchParams.get('month')).toBe('3');
        return json(200, { data: [national, foreign] });
      }
      return json(404, { message: 'No encontrado' });
    }) as typeof fetch;
    renderWithProviders(<DiotSuppliers rfc="XOJI740919U48" period={{ month: 3, year: 2026 }} />);
    const table = await screen.findByTestId('diot-suppliers-table');
    const foreignTipo = within(table).getByLabelText('Tipo de operación de ACME CLOUD LLC') as HTMLSelectElement;
    expect(foreignTipo.disabled).toBe(true);
    expect([...foreignTipo.options].map((o) => o.value)).toEqual(['02', '03', '07']);
    const nationalTipo = within(table).getByLabelText('Tipo de operación de ESCUELA KEMPER URGATE') as HTMLSelectElement;
    expect([...nationalTipo.options].map((o) => o.value)).toEqual(['02', '03', '06', '08', '85']);
    fireEvent.change(nationalTipo, { target: { value: '06' } });
    await waitFor(() => expect(puts).toEqual([{ rfc: 'EKU9003173C9', tipoOperacion: '06' }]));

    fireEvent.change(within(table).getByLabelText('País de ACME CLOUD LLC'), { target: { value: 'usa' } });
    fireEvent.change(within(table).getByLabelText('ID fiscal de ACME CLOUD LLC'), { target: { value: '98-7654321' } });
    fireEvent.change(within(table).getByLabelText('Nacionalidad de ACME CLOUD LLC'), { target: { value: 'Estadounidense' } });
    fireEvent.click(within(table).getByRole('button', { name: 'Guardar datos de ACME CLOUD LLC' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ rfc: 'XEXX010101000', nombre: 'ACME CLOUD LLC', tipoOperacion: '03', pais: 'USA', idFiscal: '98-7654321', nacionalidad: 'Estadounidense' });
  });
});
