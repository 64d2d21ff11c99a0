import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from './locales/es.json';

// Spanish is the source, the default and the fallback locale (spec §1).
export const defaultLocale = 'es';

void i18next.use(initReactI18next).init({
  resources: { es: { translation: es } },
  lng: defaultLocale,
  fallbackLng: defaultLocale,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export const i18n = i18next;
/** Translate outside React (toasts fired by the interceptor). */
export const t = i18next.t.bind(i18next);
