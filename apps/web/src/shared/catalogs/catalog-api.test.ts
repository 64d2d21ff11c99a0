import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/render';
import { getMunicipios } from './catalog-api';

describe('municipios (§5)', () => {
  it('returns an empty list without a call when there is no state id', async () => {
    const calls = mockFetch(() => ({ body: { municipios: [{ clave: '001', nombre: 'X' }] } }));
    expect(await getMunicipios('')).toEqual([]);
    expect(await getMunicipios(null)).toEqual([]);
    expect(calls).toHaveLength(0);
  });
  it('fetches by state id', async () => {
    const calls = mockFetch(() => ({ body: { municipios: [{ clave: '004', nombre: 'Cuauhtémoc' }] } }));
    expect(await getMunicipios('CMX')).toEqual([{ clave: '004', nombre: 'Cuauhtémoc' }]);
    expect(calls[0].url).toBe('/api/crear-cuenta/municipios/CMX');
  });
});
