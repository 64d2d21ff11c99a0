import { describe, expect, it } from 'vitest';
import { extractCsf, NotACsfError, regimenesIn } from './csf-extract';

describe('extractCsf (text of a Constancia de Situación Fiscal)', () => {
  it('reads values printed on the line after their labels, as some PDF readers lay them out', () => {
    const text = [
      'CONSTANCIA DE SITUACIÓN FISCAL', 'RFC:', 'EKU9003173C9', 'Denominación/Razón Social:', 'ESCUELA KEMPER URGATE',
      'Régimen Capital:', 'SOCIEDAD ANONIMA DE CAPITAL VARIABLE', 'Código Postal:', '42501', 'Regímenes:',
      'Régimen General de Ley Personas Morales', '01/01/2020', 'Obligaciones:',
    ].join('\n');
    expect(extractCsf(text)).toEqual({ rfc: 'EKU9003173C9', rSocial: 'ESCUELA KEMPER URGATE', persona: 'moral', cp: '42501', idCIF: null, regimenes: ['601'] });
  });

  it('stops a value at the next label on the same line', () => {
    const text = 'CONSTANCIA DE SITUACIÓN FISCAL\nRFC: EKU9003173C9\nDenominación/Razón Social: ESCUELA KEMPER URGATE Régimen Capital: SA DE CV\nCódigo Postal:42501 Tipo de Vialidad: CALLE';
    expect(extractCsf(text)).toMatchObject({ rSocial: 'ESCUELA KEMPER URGATE', cp: '42501', regimenes: [] });
  });

  it('counts a régimen once and not the shorter names inside a longer one', () => {
    expect(regimenesIn('Régimen de las Personas Físicas con Actividades Empresariales y Profesionales 01/01/2015 Régimen de Arrendamiento 2016'))
      .toEqual(['612', '606']);
    expect(regimenesIn('Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas')).toEqual(['625']);
  });

  it('refuses text that is not a constancia, or one without a valid RFC', () => {
    expect(() => extractCsf('FACTURA\nRFC: EKU9003173C9')).toThrow(NotACsfError);
    expect(() => extractCsf('CONSTANCIA DE SITUACIÓN FISCAL\nRFC: EKU9003173C8\nNombre (s): JUAN')).toThrow('No se encontró un RFC válido en la constancia');
  });
});
