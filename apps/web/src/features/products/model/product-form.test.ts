import { describe, expect, it } from 'vitest';
import { productInputSchema } from '@facturo/contract';
import { emptyProductForm, formToInput } from './product-form';

const filled = () => ({ ...emptyProductForm(), claveProducto: '84111506', claveUnidad: 'E48', descripcionProducto: 'Contabilidad', valorUnitario: ' 1500.50 ' });

describe('product form model', () => {
  it('sends the cadastral key only with the option on, and the add flag', () => {
    const off = formToInput({ ...filled(), cve_catastral: '0101A' }, true);
    expect(off).not.toHaveProperty('cve_catastral');
    expect(off).toMatchObject({ cadastral: false, add: true, valorUnitario: '1500.50', descripcionUnidad: null });
    const on = formToInput({ ...filled(), cadastral: true, cve_catastral: ' 0101A ' }, false);
    expect(on).toMatchObject({ cadastral: true, cve_catastral: '0101A', add: false });
    expect(productInputSchema.safeParse(on).success).toBe(true);
  });

  it('an exento row carries no tasa', () => {
    const v = filled();
    v.impuestos.traslados = [{ impuesto: '002', tipoFactor: 'Exento', tasaOCuota: '0.16' }];
    expect(formToInput(v, true).impuestos?.traslados).toEqual([{ impuesto: '002', tipoFactor: 'Exento', tasaOCuota: null }]);
  });

  it('the contract refuses a float-like unit value typed in the form', () => {
    const parsed = productInputSchema.safeParse(formToInput({ ...filled(), valorUnitario: '1e3' }, true));
    expect(parsed.error?.issues[0]?.path).toEqual(['valorUnitario']);
  });
});
