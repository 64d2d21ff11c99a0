import { describe, expect, it } from 'vitest';
import { activitiesIn, obligationsIn } from './csf-items';

const TEXT = [
  'CONSTANCIA DE SITUACIÓN FISCAL',
  'Actividades Económicas:',
  'Orden Actividad Económica Porcentaje Fecha Inicio Fecha Fin',
  '1 Otros servicios profesionales, científicos y',
  'técnicos 60 17/03/1990',
  '2 Alquiler de oficinas y locales comerciales 40 01/02/2015 31/12/2020',
  'Regímenes:',
  'Régimen Fecha Inicio Fecha Fin',
  'Régimen General de Ley Personas Morales 17/03/1990',
  'Obligaciones:',
  'Descripción de la Obligación Descripción Vencimiento Fecha Inicio Fecha Fin',
  'Declaración anual de ISR del ejercicio Personas morales. A más tardar el 31 de marzo del ejercicio siguiente. 17/03/1990',
  'Pago definitivo mensual de IVA. A más tardar el día 17 del mes inmediato posterior al periodo que corresponda. 01/01/2002 30/06/2010',
  'Entero de retenciones mensuales de ISR por sueldos y salarios 01/01/2003',
  'Sus datos personales son incorporados y protegidos en los sistemas del SAT 12/12/2024',
].join('\n');

describe('constancia: economic activities', () => {
  it('reads every row, joining a name wrapped over two lines, with ISO dates', () => {
    expect(activitiesIn(TEXT)).toEqual([
      { name: 'Otros servicios profesionales, científicos y técnicos', percentage: 60, init_date: '1990-03-17', end_date: null },
      { name: 'Alquiler de oficinas y locales comerciales', percentage: 40, init_date: '2015-02-01', end_date: '2020-12-31' },
    ]);
  });

  it('finds nothing when the section is absent', () => {
    expect(activitiesIn('CONSTANCIA DE SITUACIÓN FISCAL\nRFC: EKU9003173C9')).toEqual([]);
  });
});

describe('constancia: fiscal obligations', () => {
  it('splits description from due date by SAT wording and stops at the footer', () => {
    const rows = obligationsIn(TEXT);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      descripcion: 'Declaración anual de ISR del ejercicio Personas morales.',
      vencimiento: 'A más tardar el 31 de marzo del ejercicio siguiente.',
      init_date: '1990-03-17', end_date: null,
    });
    expect(rows[1]).toMatchObject({ descripcion: 'Pago definitivo mensual de IVA.', init_date: '2002-01-01', end_date: '2010-06-30' });
    expect(rows[2]).toMatchObject({ descripcion: 'Entero de retenciones mensuales de ISR por sueldos y salarios', vencimiento: 'Sin vencimiento indicado en la constancia' });
  });
});
