import { describe, expect, it } from 'vitest';
import { sectionIndex } from './sections';
import { expiryColor, toUpdateInput } from './profile-form';

describe('profile sections', () => {
  it('maps numbers 0-4 and names to tabs, anything else to the first', () => {
    expect(['0', '1', '2', '3', '4'].map(sectionIndex)).toEqual([0, 1, 2, 3, 4]);
    expect(sectionIndex('residence')).toBe(4);
    expect(sectionIndex('cif')).toBe(1);
    expect(sectionIndex('5')).toBe(0);
    expect(sectionIndex('-1')).toBe(0);
    expect(sectionIndex(undefined)).toBe(0);
  });
});

describe('profile form helpers', () => {
  it('builds the whole PUT body, nulls as empty strings', () => {
    const input = toUpdateInput({
      rfc: 'EKU9003173C9', email: 'a@b.mx', fullName: 'Escuela', persona: 'moral', regimen: '601', regimenDescripcion: null, phone: null, registroPatronal: null,
      img: null, rol: 10, planId: 1, created_at: '2026-01-01T00:00:00Z',
      address: { cp: '06600', estado: 'CMX', estadoNombre: null, municipio: '015', municipioNombre: null, calle: null, numExterior: '1', numInterior: null, colonia: null, timeZone: null },
    });
    expect(input).toEqual({
      fullName: 'Escuela', regimen: '601', cp: '06600', estado: 'CMX', municipio: '015', timeZone: 'America/Mexico_City',
      phone: '', calle: '', numExterior: '1', numInterior: '', colonia: '', registroPatronal: '',
    });
  });

  it('colors the days to expiry with the 30-day warning', () => {
    expect([-3, 0, 30, 31, 90, 91, null].map(expiryColor)).toEqual(['red', 'red', 'red', 'yellow', 'yellow', 'teal', 'gray']);
  });
});
