import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mockFetch, renderWithProviders } from '../../../shared/test/render';
import { InvoiceAddPage } from './invoice-add-page';

// jsdom has no document.fonts, which Mantine's autosize Textarea listens to.
(document as unknown as { fonts?: object }).fonts ??= { addEventListener: () => {}, removeEventListener: () => {} };

const catalogs = {
  formasPago: [{ clave: '03', descripcion: 'Transferencia electrónica de fondos' }, { clave: '99', descripcion: 'Por definir' }],
  metodosPago: [{ clave: 'PUE', descripcion: 'Pago en una sola exhibición' }, { clave: 'PPD', descripcion: 'Pago en parcialidades o diferido' }],
  monedas: [{ clave: 'MXN', descripcion: 'Peso Mexicano', decimales: 2 }],
  usosCfdi: [{ clave: 'G03', descripcion: 'Gastos en general', fisica: true, moral: true }],
  objetosImp: [{ clave: '01', descripcion: 'No objeto de impuesto' }, { clave: '02', descripcion: 'Sí objeto de impuesto' }],
  tiposRelacion: [], exportaciones: [{ clave: '01', descripcion: 'No aplica' }], periodicidades: [], meses: [], tiposComprobante: [], series: [],
};

function renderPage() {
  mockFetch((url) => {
    if (url.pathname === '/api/invoicing/catalogs') return { body: catalogs };
    if (url.pathname === '/api/timbres') return { body: { balance: 7, paquetes: [] } };
    if (url.pathname === '/api/invoicing/next-folio') return { body: { serie: '', folio: 1 } };
    if (url.pathname === '/api/invoicing/customers') return { body: { data: [] } };
    if (url.pathname === '/api/invoicing/products') return { body: { data: [] } };
    return undefined;
  });
  const router = createMemoryRouter([{ path: '/invoicing/add', element: <InvoiceAddPage /> }], { initialEntries: ['/invoicing/add'] });
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('/invoicing/add form', { timeout: 60_000 }, () => {
  it('recomputes the totals while typing, with the stamp balance shown', async () => {
    renderPage();
    expect(await screen.findByText('7 timbres disponibles', {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Cantidad'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Valor unitario'), { target: { value: '99.99' } });
    fireEvent.change(screen.getByLabelText('Descuento'), { target: { value: '9.97' } });
    // 299.97 − 9.97 = 290.00; IVA 46.40; total 336.40.
    await waitFor(() => expect(screen.getByTestId('total-total').textContent).toBe('$336.40'));
    expect(screen.getByTestId('total-subtotal').textContent).toBe('$299.97');
    expect(screen.getByTestId('total-descuento').textContent).toBe('− $9.97');
    expect(screen.getByTestId('concept-0-importe').textContent).toContain('$299.97');
  });

  it('shows each problem next to its field before sending anything', async () => {
    renderPage();
    await screen.findByText('7 timbres disponibles', {}, { timeout: 15_000 });
    fireEvent.change(screen.getByLabelText('Cantidad'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Valor unitario'), { target: { value: '1.1234567' } });
    fireEvent.change(screen.getByLabelText('Observaciones', { exact: false }), { target: { value: 'x'.repeat(5000) } });
    fireEvent.click(screen.getByRole('button', { name: 'Timbrar factura' }));
    expect(await screen.findByText('Elige el cliente')).toBeTruthy();
    expect(screen.getByText('La cantidad debe ser mayor que cero')).toBeTruthy();
    expect(screen.getByText('El valor unitario admite como máximo 6 decimales')).toBeTruthy();
    expect(screen.getByText('Las observaciones admiten como máximo 4,999 caracteres')).toBeTruthy();
    expect(screen.getByText('La clave de producto o servicio tiene 8 dígitos')).toBeTruthy();
  });

  it('an engine rule broken by a concept is shown under it (discount above the importe)', async () => {
    renderPage();
    await screen.findByText('7 timbres disponibles', {}, { timeout: 15_000 });
    fireEvent.change(screen.getByLabelText('Valor unitario'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Descuento'), { target: { value: '20' } });
    expect((await screen.findByTestId('concept-0-rule')).textContent).toMatch(/descuento/i);
    expect(screen.getByTestId('total-total').textContent).toBe('$0.00');
  });
});
