import { describe, expect, it } from 'vitest';
import { buildMenu, isGroup, menuForRole, type MenuItem } from '../../app/layout/menu-items';
import { activityCsv } from './pages/activity-page';

const targets = (menu: MenuItem[]) => menu.flatMap((m) => (isGroup(m) ? m.children.map((c) => c.to) : [m.to]));

describe('menu by role (issue 26 §2)', () => {
  it('the owner sees every screen, members and the log included', () => {
    const all = targets(menuForRole(buildMenu(false), 'duenio'));
    expect(all).toEqual(targets(buildMenu(false)));
    expect(all).toEqual(expect.arrayContaining(['/cuenta/miembros', '/cuenta/actividad', '/plans', '/despacho']));
  });

  it('a contador loses members, plan, payments and cards; a capturista also declarations, profile and the log', () => {
    const contador = targets(menuForRole(buildMenu(false), 'contador'));
    expect(contador).toEqual(expect.arrayContaining(['/statements', '/profile', '/cuenta/actividad']));
    for (const to of ['/cuenta/miembros', '/plans', '/payments', '/payment-cards']) expect(contador).not.toContain(to);
    const capturista = menuForRole(buildMenu(false), 'capturista');
    for (const to of ['/statements', '/profile', '/cuenta/actividad']) expect(targets(capturista)).not.toContain(to);
    // A group left without screens is not offered at all.
    expect(capturista.some((m) => m.label === 'menu.account')).toBe(false);
    expect(targets(capturista)).toEqual(expect.arrayContaining(['/clients', '/invoicing/add', '/despacho']));
  });
});

describe('activity CSV (issue 26 §6)', () => {
  it('quotes every field and names the action in Spanish', () => {
    const csv = activityCsv([{ id: 1, quien: 'ana@ejemplo.mx', accion: 'cancelo', cuando: '2026-11-28T10:00:00.000Z', ip: '10.0.0.1', detalle: 'uuid="X", motivo 02' }]);
    expect(csv.split('\r\n')).toEqual([
      'quien,accion,cuando,ip,detalle',
      '"ana@ejemplo.mx","Canceló","2026-11-28T10:00:00.000Z","10.0.0.1","uuid=""X"", motivo 02"',
    ]);
  });
});
