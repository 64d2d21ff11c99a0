import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../shared/test/render';
import { CredentialDrawer } from './credential-drawer';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** fetch double that records multipart uploads (the shared mock only knows JSON bodies). */
function mockApi(upload: () => Response) {
  const uploads: FormData[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/profile/csd' && init.method === 'POST') {
      uploads.push(init.body as FormData);
      return upload();
    }
    if (path === '/api/profile/csd') return json(200, { credential: null, lastAttempt: null });
    return json(404, { message: 'No encontrado' });
  }) as typeof fetch;
  return uploads;
}

const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name);

/** Picks a file in the drawer's file inputs: 0 is the .cer, 1 the .key. */
function pick(index: 0 | 1, f: File) {
  const input = document.querySelectorAll<HTMLInputElement>('input[type="file"]')[index]!;
  fireEvent.change(input, { target: { files: [f] } });
}

describe('<CredentialDrawer />', () => {
  it('asks for each missing part without calling the API', async () => {
    const uploads = mockApi(() => json(202, { id: 'x', message: '' }));
    renderWithProviders(<CredentialDrawer kind="csd" rfc="EKU9003173C9" opened onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Validar y guardar' }));
    expect(await screen.findByText('Adjunta el certificado (.cer)')).toBeTruthy();
    expect(screen.getByText('Adjunta la llave privada (.key)')).toBeTruthy();
    expect(screen.getByText('La contraseña de la llave privada es obligatoria')).toBeTruthy();
    expect(uploads).toHaveLength(0);
  });

  it('sends cer, key and password as multipart and shows a 422 on the field it names', async () => {
    const uploads = mockApi(() => json(422, {
      message: 'La llave privada (.key) no corresponde al certificado (.cer)',
      errors: { key: ['La llave privada (.key) no corresponde al certificado (.cer)'] },
    }));
    renderWithProviders(<CredentialDrawer kind="csd" rfc="EKU9003173C9" opened onClose={() => undefined} />);
    await screen.findByRole('button', { name: 'Validar y guardar' });
    pick(0, file('a.cer'));
    pick(1, file('a.key'));
    fireEvent.change(screen.getByLabelText('Contraseña de la llave privada'), { target: { value: '12345678a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Validar y guardar' }));
    expect(await screen.findByText('La llave privada (.key) no corresponde al certificado (.cer)')).toBeTruthy();
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect((uploads[0]!.get('cer') as File).name).toBe('a.cer');
    expect((uploads[0]!.get('key') as File).name).toBe('a.key');
    expect(uploads[0]!.get('password')).toBe('12345678a');
    expect(screen.queryByTestId('job-progress')).toBeNull();
  });

  it('follows the job it started with the live progress bar', async () => {
    mockApi(() => json(202, { id: 'job-1', message: 'Validando tu CSD' }));
    renderWithProviders(<CredentialDrawer kind="csd" rfc="EKU9003173C9" opened onClose={() => undefined} />);
    await screen.findByRole('button', { name: 'Validar y guardar' });
    pick(0, file('a.cer'));
    pick(1, file('a.key'));
    fireEvent.change(screen.getByLabelText('Contraseña de la llave privada'), { target: { value: '12345678a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Validar y guardar' }));
    const bar = await screen.findByTestId('job-progress');
    expect(bar.getAttribute('data-status')).toBe('pending');
  });
});
