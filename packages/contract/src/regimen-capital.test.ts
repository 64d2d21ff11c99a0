import { describe, expect, it } from 'vitest';
import { splitRegimenCapital } from './clients';

describe('splitRegimenCapital (CFDI 4.0 Nombre without the régimen capital)', () => {
  it.each([
    ['ESCUELA KEMPER URGATE SA DE CV', 'ESCUELA KEMPER URGATE', 'SA DE CV'],
    ['Escuela Kemper Urgate, S.A. de C.V.', 'Escuela Kemper Urgate', 'S.A. de C.V.'],
    ['GRUPO ÑANDÚ SAPI DE CV', 'GRUPO ÑANDÚ', 'SAPI DE CV'],
    ['TALLER S. DE R.L. DE C.V.', 'TALLER', 'S. DE R.L. DE C.V.'],
    ['DESPACHO PÉREZ SC', 'DESPACHO PÉREZ', 'SC'],
    ['FUNDACIÓN AMIGOS A.C.', 'FUNDACIÓN AMIGOS', 'A.C.'],
    ['FINANCIERA X SA DE CV SOFOM ENR', 'FINANCIERA X', 'SA DE CV SOFOM ENR'],
    ['EMPRESA SOCIEDAD ANÓNIMA DE CAPITAL VARIABLE', 'EMPRESA', 'SOCIEDAD ANÓNIMA DE CAPITAL VARIABLE'],
  ])('%s → %s + %s', (name, nombre, capital) => {
    expect(splitRegimenCapital(name)).toEqual({ nombre, capital });
  });

  it.each(['FARMACIAS SAN PABLO', 'ESCUELA KEMPER URGATE', 'MASA', 'SA DE CV', 'CASAS'])('%s has none', (name) => {
    expect(splitRegimenCapital(name)).toBeNull();
  });
});
