import { describe, expect, it } from 'vitest';
import { accountNumbers, normalise, recogniseCustomer, type KnownCustomer } from './customer-recognition';

const customers: KnownCustomer[] = [
  { id: 1, rfc: 'PENJ800101AB1', nombre: 'Juana Pérez Núñez' },
  { id: 2, rfc: 'CMA010101AAA', nombre: 'Comercializadora Mañana, S.A. de C.V.' },
  { id: 3, rfc: 'ACM020202BBB', nombre: 'ACME' },
  { id: 4, rfc: 'TOR030303CCC', nombre: 'Tornillos del Norte SA de CV' },
  { id: 5, rfc: 'TOR040404DDD', nombre: 'Tornillos del Norte SC' },
];

describe('recogniseCustomer', () => {
  it('normalises accents (Ñ too: banks write N), case and punctuation', () => {
    expect(normalise('Pérez-Núñez, S.A.')).toBe('PEREZ NUNEZ S A');
  });

  it('recognises a customer RFC written in the description, before any name', () => {
    expect(recogniseCustomer('SPEI RECIBIDO RFC cma010101aaa PAGO', customers, new Map())).toMatchObject({ customer: { id: 2 }, motivo: 'rfc' });
    expect(recogniseCustomer('SPEI RECIBIDO XAXX010101000', customers, new Map())).toBeNull();
  });

  it('recognises the name accent- and case-insensitive, ignoring the company-type suffix', () => {
    expect(recogniseCustomer('spei recibido juana perez nunez', customers, new Map())).toMatchObject({ customer: { id: 1 }, motivo: 'nombre' });
    expect(recogniseCustomer('TRANSF COMERCIALIZADORA MANANA', customers, new Map())).toMatchObject({ customer: { id: 2 } });
    expect(recogniseCustomer('TRANSF COMERCIALIZADORA', customers, new Map())).toBeNull();
    expect(recogniseCustomer('TRANSF COMERCIALIZADORA MAÑANA SA', customers, new Map())).toMatchObject({ customer: { id: 2 } });
  });

  it('a one-word name needs 5 letters; two customers named alike are nobody', () => {
    expect(recogniseCustomer('DEPOSITO ACME', customers, new Map())).toBeNull();
    expect(recogniseCustomer('PAGO TORNILLOS DEL NORTE', customers, new Map())).toBeNull();
  });

  it('recognises a CLABE or account an earlier deposit of the customer came from (spaces inside ignored)', () => {
    const known = new Map([['012180001234567891', 'ACM020202BBB']]);
    expect(accountNumbers('CTA 012 180 001234567891 REF 55')).toEqual(['012180001234567891']);
    expect(recogniseCustomer('SPEI DE 012 180 001234567891', customers, known)).toMatchObject({ customer: { id: 3 }, motivo: 'cuenta' });
    expect(recogniseCustomer('SPEI DE 012180001234567899', customers, known)).toBeNull();
  });
});
