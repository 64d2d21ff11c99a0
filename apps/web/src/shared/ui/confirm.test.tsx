import '../test/dom-setup';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { confirmExternalLink } from './confirm';

function host() {
  render(
    <MantineProvider>
      <ModalsProvider>
        <div />
      </ModalsProvider>
    </MantineProvider>,
  );
}

describe('confirmExternalLink (§8)', () => {
  it('asks with the exact text and opens the link only after "Abrir enlace"', async () => {
    host();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    confirmExternalLink('https://www.sat.gob.mx/aviso');
    expect(await screen.findByText('Al dar click en abrir enlace estarás saliendo de la app ¿Deseas abrir el enlace?')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir enlace' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://www.sat.gob.mx/aviso', '_blank', 'noopener,noreferrer'));
    open.mockRestore();
  });

  it('"Cancelar" closes without opening anything', async () => {
    host();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    confirmExternalLink('https://example.mx');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByText(/Deseas abrir el enlace/)).toBeNull());
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });
});
