import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { mockFetch, renderWithProviders } from '../../../shared/test/render';
import { emptyEmployeeForm, type EmployeeFormValues } from '../model/employee-form';
import { ConceptsSection } from './concepts-section';

function Form({ children }: { children: ReactNode }) {
  const form = useForm<EmployeeFormValues>({
    defaultValues: {
      ...emptyEmployeeForm(),
      percepciones: [
        { tipo: '001', clave: 'SUELDO', concepto: 'Sueldo', importe_gravado: '7500.00', importe_exento: '0.00', conceptId: '7' },
        { tipo: '010', clave: 'PUNTUAL', concepto: 'Premio de puntualidad', importe_gravado: '500.00', importe_exento: '0.00', conceptId: '8' },
      ],
    },
  });
  return <FormProvider {...form}>{children}</FormProvider>;
}

describe('<ConceptsSection /> on the edit page (spec §7.10 concept endpoints)', () => {
  it('removes a stored row through DELETE /api/employees/{id}/perceptions/{conceptId} and shows what the server kept', async () => {
    const calls = mockFetch((url, init) =>
      init.method === 'DELETE' && url.pathname === '/api/employees/5/perceptions/8'
        ? { body: { percepciones: [{ id: 7, tipo: '001', tipo_descripcion: 'Sueldos', clave: 'SUELDO', concepto: 'Sueldo', importe_gravado: '7500.00', importe_exento: '0.00' }], deducciones: [], otrosPagos: [] } }
        : undefined,
    );
    renderWithProviders(<Form><ConceptsSection kind="percepciones" catalogs={undefined} employeeId={5} /></Form>);
    expect(screen.getByText('Premio de puntualidad')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar Premio de puntualidad' }));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('DELETE /api/employees/5/perceptions/8'));
    await waitFor(() => expect(screen.queryByText('Premio de puntualidad')).toBeNull());
    expect(screen.getByText('Sueldo')).toBeTruthy();
  });

  it('a new employee (no id) keeps removals in the form, without requests', () => {
    const calls = mockFetch(() => undefined);
    renderWithProviders(<Form><ConceptsSection kind="percepciones" catalogs={undefined} /></Form>);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar Premio de puntualidad' }));
    expect(screen.queryByText('Premio de puntualidad')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
