/**
 * Tenant styling (spec §2.5 "tenant flags change menus and styling"). A deployment names its tenant with
 * VITE_PROJECT_ID (the payroll menu already reads it) and maps tenants to a palette with VITE_TENANT_STYLES:
 * "tenantA:teal/lime,tenantB:grape" — the primary color (buttons, links, active menu entry) and, after the
 * slash, the accent of the logo's gradient. The spec names no tenant and no palette, so the default is the
 * product's own (indigo/cyan) and an unknown color is ignored rather than breaking the theme.
 */
export interface TenantStyle {
  primaryColor: string;
  accentColor: string;
}

export const DEFAULT_TENANT_STYLE: TenantStyle = { primaryColor: 'indigo', accentColor: 'cyan' };

/** Mantine's built-in palettes: the only names the theme can take as a primary color. */
const PALETTES = new Set(['dark', 'gray', 'red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'green', 'lime', 'yellow', 'orange', 'teal']);

/** The palette of `projectId` in `styles` ("id:primary/accent,..."), else the default. */
export function tenantStyle(projectId: string | undefined, styles: string | undefined): TenantStyle {
  if (!projectId || !styles) return DEFAULT_TENANT_STYLE;
  for (const entry of styles.split(',')) {
    const [id, palette = ''] = entry.split(':').map((s) => s.trim());
    if (id !== projectId) continue;
    const [primary, accent] = palette.split('/').map((s) => s.trim().toLowerCase());
    const primaryColor = primary && PALETTES.has(primary) ? primary : DEFAULT_TENANT_STYLE.primaryColor;
    const accentColor = accent && PALETTES.has(accent) ? accent : primaryColor === DEFAULT_TENANT_STYLE.primaryColor ? DEFAULT_TENANT_STYLE.accentColor : primaryColor;
    return { primaryColor, accentColor };
  }
  return DEFAULT_TENANT_STYLE;
}
