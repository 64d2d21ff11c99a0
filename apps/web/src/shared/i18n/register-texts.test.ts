import { describe, expect, it } from 'vitest';
import { i18n, registerTexts } from './i18n';

describe('registerTexts', () => {
  it('adds a lazily loaded feature section without touching the texts already loaded', () => {
    const before = i18n.t('menu.inicio', { defaultValue: '' });
    registerTexts('zzPrueba', { titulo: 'Conciliación bancaria', anidado: { uno: 'Uno' } });
    expect(i18n.t('zzPrueba.titulo')).toBe('Conciliación bancaria');
    expect(i18n.t('zzPrueba.anidado.uno')).toBe('Uno');
    registerTexts('zzPrueba', { titulo: 'Otro', nuevo: 'Nuevo' });
    expect(i18n.t('zzPrueba.titulo')).toBe('Conciliación bancaria');
    expect(i18n.t('zzPrueba.nuevo')).toBe('Nuevo');
    expect(i18n.t('menu.inicio', { defaultValue: '' })).toBe(before);
  });
});
