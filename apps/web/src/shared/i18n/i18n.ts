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

/**
 * A lazily loaded feature brings its own Spanish texts under one top-level section, so they travel in the
 * feature's chunk instead of in the bundle every screen (and /login) downloads. Call it at the top of the
 * feature's module: it runs before any of the feature's components render.
 */
export function registerTexts(section: string, texts: Record<string, unknown>): void {
  // deep merge, never overwrite: registering twice (a chunk re-evaluated by HMR) changes nothing.
  i18next.addResourceBundle(defaultLocale, 'translation', { [section]: texts }, true, false);
}
