import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RetentionRow } from '@facturo/contract';
import { renderWithProviders } from '../../../shared/test/render';
import { clearSession, startSession } from '../../../shared/session/session-store';
import { CancelRetentionModal, substituteCandidates } from './cancel-retention-modal';

const session = {
  access_token: 'tok',
  user: { name: 'Prueba', rfc: 'EKU9003173C9', img: null, email: 'a@b.mx', regimen: '601', clave_sat: null, is_confirmed: true, profile_completed: true, rol: 11, contr_stripe: false },
} as never;

const row = (uuid: string, rfc: string | null, estado = 1): RetentionRow => ({
  uuid, nombre_emisor: 'ESCUELA KEMPER URGATE', rfc_emisor: 'EKU9003173C9', nombre_receptor: rfc ? `RECEPTOR ${rfc}` : 'FOREIGN LTD', rfc_receptor: rfc, cve_retenc: '16',
  periodo: '03/2026', monto_tot_operacion: '1000.00', monto_tot_retenido: '100.00', fecha_emision: '2026-03-10T10:00:00', fecha_recepcion: '2026-03-10T16:00:00.000Z',
  estado, estado_text: estado ? 'Vigente' : 'Cancelada', xmlUrl: '', pdfUrl: '',
});
const A = 'AAAAAAAA-0000-4000-8000-000000000001';
const B = 'BBBBBBBB-0000-4000-8000-000000000002';
const C = 'CCCCCCCC-0000-4000-8000-000000000003';
const D = 'DDDDDDDD-0000-4000-8000-000000000004';

afterEach(() => clearSession());

/** Picks, in a native select found by its label, the first option whose text matches (once its data arrived); the matches. */
async function pick(scope: HTMLElement, label: string | RegExp, option: RegExp): Promise<HTMLOptionElement[]> {
  const select = within(scope).getByLabelText(label) as HTMLSelectElement;
  const options = () => [...select.options].filter((o) => option.test(o.textContent ?? ''));
  await waitFor(() => expect(options().length).toBeGreaterThan(0));
  const found = options();
  fireEvent.change(select, { target: { value: found[0]!.value } });
  return found;
}

describe('cancelling a retention with motivo 01', () => {
  it('offers the period\u2019s other vigentes, same receptor first, never itself nor a cancelled one', () => {
    const me = row(A, 'XOJI740919U48');
    const list = [me, row(B, 'MISC491214B86'), row(C, 'XOJI740919U48'), row(D, 'XOJI740919U48', 0)];
    expect(substituteCandidates(list, me).map((r) => r.uuid)).toEqual([C, B]);
  });

  it('picks the substitute from the list and sends it with the motivo; the API\u2019s field error lands under the UUID', async () => {
    startSession(session);
    const posts: unknown[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/incomes/cancel-options') {
        return json(200, { data: [{ value: '01', text: 'Comprobante emitido con errores con relación' }, { value: '02', text: 'Comprobante emitido con errores sin relación' }] });
      }
      if (url.pathname === '/api/getRetencionesEmitidas/3/2026') {
        return json(200, { data: [row(A, 'XOJI740919U48'), row(C, 'XOJI740919U48')], total: 2, current_page: 1, per_page: 50 });
      }
      if (url.pathname === '/api/retenciones/cancel') {
        posts.push(JSON.parse(String(init.body)));
        return posts.length === 1
          ? json(422, { message: 'El UUID de sustitución debe ser otra retención vigente emitida por ti', errors: { uuidSustitucion: ['El UUID de sustitución debe ser otra retención vigente emitida por ti'] } })
          : json(200, { msj: 'La retención quedó cancelada ante el SAT', rspns: true, uuid: A, estado: 0 });
      }
      return json(404, { message: 'No encontrado' });
    }) as typeof fetch;
    let closed = 0;
    renderWithProviders(<CancelRetentionModal rfc="EKU9003173C9" period={{ month: 3, year: 2026 }} row={row(A, 'XOJI740919U48')} onClose={() => { closed += 1; }} />);
    const dialog = await screen.findByRole('dialog');
    await pick(dialog, /Motivo de cancelación/, /^01 - /);
    const confirm = within(dialog).getByRole('button', { name: 'Cancelar retención' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    const options = await pick(dialog, 'Retención que la sustituye', /XOJI740919U48/);
    expect(options).toHaveLength(1);
    await waitFor(() => expect((within(dialog).getByLabelText('UUID de la retención sustituta') as HTMLInputElement).value).toBe(C));
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('El UUID de sustitución debe ser otra retención vigente emitida por ti')).toBeTruthy();
    expect(posts[0]).toEqual({ uuid: A, motivo: '01', uuidSustitucion: C });
    fireEvent.click(confirm);
    await waitFor(() => expect(closed).toBe(1));
    expect(posts).toHaveLength(2);
  });

  it('motivo 01 with a half-typed UUID is refused before asking the API', async () => {
    startSession(session);
    const calls: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.pathname);
      const body = url.pathname === '/api/incomes/cancel-options' ? { data: [{ value: '01', text: 'Con relación' }] } : { data: [], total: 0, current_page: 1, per_page: 50 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    renderWithProviders(<CancelRetentionModal rfc="EKU9003173C9" period={{ month: 3, year: 2026 }} row={row(A, 'XOJI740919U48')} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await pick(dialog, /Motivo de cancelación/, /^01 - /);
    fireEvent.change(within(dialog).getByLabelText('UUID de la retención sustituta'), { target: { value: 'CCCCCCCC-0000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar retención' }));
    expect(await within(dialog).findByText('Escribe el UUID completo de la retención que sustituye a la cancelada')).toBeTruthy();
    expect(calls).not.toContain('/api/retenciones/cancel');
  });
});
