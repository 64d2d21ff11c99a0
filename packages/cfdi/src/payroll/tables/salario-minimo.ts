import type { SalarioMinimoZona } from '../types';

/**
 * Salario mínimo diario (CONASAMI resolutions, in force 1 January). 'frontera' is the Zona Libre de
 * la Frontera Norte; 'general' is the rest of the country.
 */
export const SALARIO_MINIMO_BY_YEAR: Readonly<Record<number, Readonly<Record<SalarioMinimoZona, string>>>> = {
  // CONASAMI, DOF December 2024. Read on sinaloahoy.com.mx, opinia.com.mx, krestonfls.com.
  2025: { general: '278.80', frontera: '419.88' },
  // CONASAMI, agreed 03-12-2025 (general +13 %, frontera +5 %). Read on sdpnoticias.com, cronista.com, eleconomista.
  2026: { general: '315.04', frontera: '440.87' },
};
