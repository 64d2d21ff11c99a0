import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { mockFetch, renderWithProviders } from '../../../shared/test/render';
import { RegisterPage } from './register-page';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('<RegisterPage />', () => {
  it('shows the §5 short-password message and does not call the API', async () => {
    const calls = mockFetch(() => undefined);
    renderWithProviders(
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>,
    );
    fill('RFC', 'EKU9003173C9');
    fill('Correo electrónico', 'eku@example.com');
    fill('Contraseña', 'Ab1!');
    fireEvent.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByText('La contraseña es muy corto, quieres ser hackeado?')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
  it('an empty RFC asks for it (issue 18: not "no tiene un formato válido")', async () => {
    mockFetch(() => undefined);
    renderWithProviders(
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByText('Escribe tu RFC')).toBeTruthy();
    expect(screen.queryByText(/formato válido/)).toBeNull();
  });
  it('checks the RFC check digit client-side', async () => {
    mockFetch(() => undefined);
    renderWithProviders(
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>,
    );
    fill('RFC', 'EKU9003173C8');
    fireEvent.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByText('El dígito verificador del RFC no es correcto')).toBeTruthy();
  });
  it('puts server field errors (422) on their fields', async () => {
    mockFetch((url) =>
      url.pathname === '/api/pre-registro'
        ? { status: 422, body: { message: 'Los datos enviados no son válidos', errors: { email: ['El correo ya está registrado'] } } }
        : undefined,
    );
    renderWithProviders(
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>,
    );
    fill('RFC', 'EKU9003173C9');
    fill('Correo electrónico', 'eku@example.com');
    fill('Contraseña', 'Abcdef1!');
    fireEvent.click(screen.getByRole('button', { name: 'Registrarme' }));
    await waitFor(() => expect(screen.getByText('El correo ya está registrado')).toBeTruthy());
  });
});
