import { createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { storageKeys } from '../shared/storage/storage-keys';
import { tenantStyle } from './tenant-style';

const tenant = tenantStyle(import.meta.env.VITE_PROJECT_ID, import.meta.env.VITE_TENANT_STYLES);

/** App theme: the tenant's primary color (indigo by default, §2.5), rounded cards, Spanish-first typography. */
export const theme = createTheme({
  primaryColor: tenant.primaryColor,
  other: { accentColor: tenant.accentColor },
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
});

/** §9 "skin" key holds the color scheme. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.skin });
