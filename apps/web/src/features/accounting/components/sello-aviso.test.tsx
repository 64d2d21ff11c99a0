import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../shared/test/render';
import { SelloAviso } from './sello-aviso';

describe('the e.firma seal notice after an Anexo 24 download', () => {
  it('asks for the e.firma when the file went out unsigned', () => {
    renderWithProviders(<SelloAviso sello={{ sello: 'sin-efirma' }} />);
    expect(screen.getByTestId('xml-sello').textContent).toBe('Sin sello: sube tu e.firma para firmar los archivos');
  });

  it('names why a present e.firma did not sign', () => {
    renderWithProviders(<SelloAviso sello={{ sello: 'no-sellado', motivo: 'El RFC del archivo (X) no coincide con el de la e.firma (Y)' }} />);
    expect(screen.getByTestId('xml-sello').textContent).toBe('Sin sello: El RFC del archivo (X) no coincide con el de la e.firma (Y)');
  });

  it('says the file is signed, and nothing before any download', () => {
    renderWithProviders(<SelloAviso sello={null} />);
    expect(screen.queryByTestId('xml-sello')).toBeNull();
    renderWithProviders(<SelloAviso sello={{ sello: 'sellado' }} />);
    expect(screen.getByTestId('xml-sello').textContent).toMatch(/firmado con tu e\.firma/);
  });
});
