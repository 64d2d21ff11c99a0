import { describe, expect, it } from 'vitest';
import { parseXml } from '../xml';
import { readAttrs } from './xml-util';

describe('readAttrs', () => {
  const e = parseXml('<x BaseDR="100" impuestoDR="002" TasaOCuotaDR="0.160000" NumAñosServicio="3"/>');

  it('maps attribute names to camelCase keys, tolerating case like attr', () => {
    expect(readAttrs(e, ['BaseDR', 'ImpuestoDR', 'TasaOCuotaDR?', 'NumAñosServicio'])).toEqual({
      baseDR: '100', impuestoDR: '002', tasaOCuotaDR: '0.160000', numAñosServicio: '3',
    });
  });

  it('leaves out absent optional attributes and reads absent required ones as ""', () => {
    const view = readAttrs(e, ['ImporteDR?', 'TipoFactorDR']);
    expect(view).toEqual({ tipoFactorDR: '' });
    expect('importeDR' in view).toBe(false);
  });
});
