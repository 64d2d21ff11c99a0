import { createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { storageKeys } from '../shared/storage/storage-keys';

/** App theme: indigo primary, rounded cards, Spanish-first typography. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
});

/** §9 "skin" key holds the color scheme. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.skin });
