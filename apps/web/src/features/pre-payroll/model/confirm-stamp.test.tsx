import '../../../shared/test/dom-setup';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { confirmBulkStamp } from './confirm-stamp';

function host() {
  render(
    <MantineProvider>
      <ModalsProvider>
        <div />
      </ModalsProvider>
    </MantineProvider>,
  );
}

describe('confirmBulkStamp (issue 25 item 9)', () => {
  it('asks before stamping several receipts, naming how many documents and stamps, and stamps only on "Sí"', async () => {
    host();
    const stamp = vi.fn();
    confirmBulkStamp(3, 47, stamp);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('¿Timbrar 3 recibos de nómina?');
    expect(dialog.textContent).toContain('Se timbrarán 3 recibos de nómina y se usarán 3 timbres. Tienes 47 timbres disponibles.');
    expect(stamp).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sí, timbrar 3 recibos' }));
    await waitFor(() => expect(stamp).toHaveBeenCalledTimes(1));
  });

  it('"Cancelar" stamps nothing; without a known balance the text still names the stamps used', async () => {
    host();
    const stamp = vi.fn();
    confirmBulkStamp(2, undefined, stamp);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Se timbrarán 2 recibos de nómina y se usarán 2 timbres.');
    expect(dialog.textContent).not.toContain('disponible');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByText(/Se timbrarán/)).toBeNull());
    expect(stamp).not.toHaveBeenCalled();
  });

  it('a single receipt is stamped without asking', () => {
    const stamp = vi.fn();
    confirmBulkStamp(1, 10, stamp);
    expect(stamp).toHaveBeenCalledTimes(1);
  });
});
