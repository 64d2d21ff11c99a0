import { describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_STYLE, tenantStyle } from './tenant-style';

describe('tenantStyle (§2.5 tenant flags change styling)', () => {
  const styles = 'norte:teal/lime, sur : grape ,raro:morado/azul';
  it('gives the tenant its palette', () => {
    expect(tenantStyle('norte', styles)).toEqual({ primaryColor: 'teal', accentColor: 'lime' });
    // Without an accent the logo's gradient stays in the tenant's color.
    expect(tenantStyle('sur', styles)).toEqual({ primaryColor: 'grape', accentColor: 'grape' });
  });
  it('keeps the product palette for other tenants, no tenant, and colors the theme does not have', () => {
    expect(tenantStyle('otro', styles)).toEqual(DEFAULT_TENANT_STYLE);
    expect(tenantStyle(undefined, styles)).toEqual(DEFAULT_TENANT_STYLE);
    expect(tenantStyle('norte', undefined)).toEqual(DEFAULT_TENANT_STYLE);
    expect(tenantStyle('raro', styles)).toEqual(DEFAULT_TENANT_STYLE);
  });
});
