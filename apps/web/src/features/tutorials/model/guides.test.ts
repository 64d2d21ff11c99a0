// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { guideShots, guides, searchGuides } from './guides';

const root = fileURLToPath(new URL('../../../../../../', import.meta.url));
const specs = readdirSync(`${root}e2e`).filter((f) => f.endsWith('.spec.ts')).map((f) => readFileSync(`${root}e2e/${f}`, 'utf8')).join('\n');
const snapped = new Set([...specs.matchAll(/snap\(page, info, '([^']+)'\)/g)].map((m) => m[1]));

describe('help center guides', () => {
  it('every shot a guide shows is taken by an end-to-end spec and is in the app', () => {
    expect(guideShots.size).toBeGreaterThan(0);
    for (const shot of guideShots) {
      expect(snapped.has(shot), `${shot}: ningún spec de e2e lo toma con snap()`).toBe(true);
      expect(existsSync(`${root}apps/web/public/guides/${shot}.jpg`), `${shot}.jpg falta: corre npm run tutorials:shots`).toBe(true);
    }
  });

  it('no two guides share an id and each has steps and a screen', () => {
    expect(new Set(guides.map((g) => g.id)).size).toBe(guides.length);
    for (const g of guides) {
      expect(g.steps.length).toBeGreaterThan(1);
      expect(g.screen.startsWith('/')).toBe(true);
    }
  });

  it('search ignores accents and case and needs every word', () => {
    expect(searchGuides('nomina').map((g) => g.id)).toContain('empleados');
    expect(searchGuides('CANCELAR sustitucion').map((g) => g.id)).toEqual(['cancelar-factura']);
    expect(searchGuides('factura inexistentexyz')).toEqual([]);
    expect(searchGuides('   ')).toHaveLength(guides.length);
  });
});
