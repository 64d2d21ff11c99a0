import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../shared/test/render';
import { SaldosIniciales } from './saldos-iniciales';

// jsdom's File has no text() (browsers do): read it the old way.
if (!File.prototype.text) {
  File.prototype.text = function text(this: File) {
    return new Promise<string>((resolve) => { const r = new FileReader(); r.onload = () => resolve(String(r.result)); r.readAsText(this); });
  };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const cuenta = (numero: string, descripcion: string) => ({ numero, descripcion, codigoAgrupador: numero, naturaleza: 'D', nivel: 2, padre: null, activa: true, rfcTercero: null, clabe: null });

/** The preview the API answers: 4100.1 maps only when the request names it in `mapeo`. */
function mockApi(todoMapeado = false) {
  const bodies: Record<string, unknown>[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/contabilidad/cuentas') return json(200, [cuenta('105.01', 'Clientes nacionales'), cuenta('401.01', 'Ventas')]);
    if (path === '/api/contabilidad/saldos-iniciales/importar') {
      const body = JSON.parse(String(init.body)) as { mapeo?: Record<string, string>; confirmar?: boolean };
      bodies.push(body);
      const mapped = todoMapeado ? '401.01' : body.mapeo?.['4100.1'];
      return json(200, {
        anio: 2024, mes: 1, origen: { rfc: 'CACX7605101P8', anio: 2023, mes: 12 }, guardado: Boolean(body.confirmar),
        filas: [
          { numCtaOrigen: '1103', numero: null, descripcion: null, por: null, saldo: '12911.94', omitida: true },
          { numCtaOrigen: '1103.1', numero: '105.01', descripcion: 'Clientes nacionales', por: 'codigoAgrupador', saldo: '12911.94', omitida: false },
          { numCtaOrigen: '4100.1', numero: mapped ?? null, descripcion: mapped ? 'Ventas' : null, por: mapped ? 'mapeo' : null, saldo: '12911.94', omitida: false },
        ],
        totales: { debe: '12911.94', haber: mapped ? '12911.94' : '0.00' },
      });
    }
    return json(404, { message: 'No encontrado' });
  }) as typeof fetch;
  return bodies;
}

describe('<SaldosIniciales />: a previous balanza as opening balances', () => {
  it('previews the file: mapped, left-out and unmapped rows; importing waits until every row has an account', async () => {
    const bodies = mockApi();
    renderWithProviders(<SaldosIniciales rfc="EKU9003173C9" />);
    fireEvent.click(screen.getByTestId('saldos-iniciales'));
    await screen.findByText(/Sube la balanza de comprobación/);
    const input = document.querySelectorAll<HTMLInputElement>('input[type="file"]')[0]!;
    fireEvent.change(input, { target: { files: [new File(['<BCE:Balanza/>'], 'BN.xml', { type: 'application/xml' })] } });
    expect((await screen.findByTestId('saldos-periodo')).textContent).toBe('Saldos finales de 12/2023 → saldos iniciales de 1/2024');
    expect(bodies[0]).toMatchObject({ xml: '<BCE:Balanza/>', confirmar: false });
    expect(screen.getAllByTestId('saldos-fila')).toHaveLength(3);
    expect(screen.getByText('Cuenta de mayor (suma de sus subcuentas)')).toBeTruthy();
    expect(screen.getByText('Por código agrupador')).toBeTruthy();
    expect(screen.getByText('Sin cuenta')).toBeTruthy();
    expect(screen.getByText('Falta elegir la cuenta de 1 renglón.')).toBeTruthy();
    expect(screen.getByText(/no son iguales/)).toBeTruthy();
    expect((screen.getByTestId('saldos-confirmar') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(bodies).toHaveLength(1));
  });

  it('imports when every row has its account and the balances square', async () => {
    const bodies = mockApi(true);
    renderWithProviders(<SaldosIniciales rfc="EKU9003173C9" />);
    fireEvent.click(screen.getByTestId('saldos-iniciales'));
    await screen.findByText(/Sube la balanza de comprobación/);
    fireEvent.change(document.querySelectorAll<HTMLInputElement>('input[type="file"]')[0]!, { target: { files: [new File(['<x/>'], 'BN.xml')] } });
    const confirmar = await screen.findByTestId('saldos-confirmar');
    expect(confirmar.textContent).toBe('Importar como saldos iniciales de 1/2024');
    await waitFor(() => expect((confirmar as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirmar);
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ xml: '<x/>', confirmar: true }));
    expect(await screen.findByText('Saldos iniciales de 1/2024 importados')).toBeTruthy();
  });
});
