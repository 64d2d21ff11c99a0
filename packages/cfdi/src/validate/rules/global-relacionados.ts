import { findEntry } from '../../catalogs';
import { RFC_PUBLICO_GENERAL } from '../../rfc';
import { attr, shown, type RuleContext } from './context';
import { PUBLICO_EN_GENERAL } from './emisor-receptor';

/** Current year in Mexico (the easternmost clock, UTC-5, is the one that reaches New Year first). */
const mexicoYear = (now: Date): number => new Date(now.getTime() - 5 * 3_600_000).getUTCFullYear();

/**
 * InformacionGlobal (factura global): it exists exactly when the receptor is público en general
 * (RFC XAXX010101000 with Nombre "PUBLICO EN GENERAL"); Periodicidad, Meses and Año must agree.
 */
export function checkInformacionGlobal(ctx: RuleContext): void {
  const info = ctx.child(ctx.root, 'InformacionGlobal');
  const receptor = ctx.child(ctx.root, 'Receptor');
  const publico = attr(receptor, 'Rfc') === RFC_PUBLICO_GENERAL && attr(receptor, 'Nombre') === PUBLICO_EN_GENERAL;
  if (!info) {
    if (publico && ctx.tipo !== 'P' && ctx.tipo !== 'T') {
      ctx.error('CFDI40130', 'Comprobante.InformacionGlobal', `Con receptor ${RFC_PUBLICO_GENERAL} y Nombre "${PUBLICO_EN_GENERAL}" (factura global) se debe registrar el nodo InformacionGlobal con Periodicidad, Meses y Año.`);
    }
    return;
  }
  if (!publico) {
    ctx.error('CFDI40130', 'Comprobante.InformacionGlobal', `InformacionGlobal solo se registra en facturas globales: receptor ${RFC_PUBLICO_GENERAL} con Nombre "${PUBLICO_EN_GENERAL}".`);
  }
  const periodicidad = attr(info, 'Periodicidad') ?? '';
  const meses = attr(info, 'Meses') ?? '';
  const anio = attr(info, 'Año') ?? '';
  if (!findEntry('c_Periodicidad', periodicidad)) {
    ctx.error('CFDI40131', 'Comprobante.InformacionGlobal.Periodicidad', `Periodicidad "${shown(periodicidad)}" no está en el catálogo c_Periodicidad.`);
  } else if (periodicidad === '05' && attr(ctx.child(ctx.root, 'Emisor'), 'RegimenFiscal') !== '621') {
    ctx.error('CFDI40132', 'Comprobante.InformacionGlobal.Periodicidad', 'La periodicidad 05 (bimestral) solo la pueden usar emisores del régimen 621 (Incorporación Fiscal).');
  }
  if (!findEntry('c_Meses', meses)) {
    ctx.error('CFDI40133', 'Comprobante.InformacionGlobal.Meses', `Meses "${shown(meses)}" no está en el catálogo c_Meses.`);
  } else if (periodicidad === '05' && !(meses >= '13' && meses <= '18')) {
    ctx.error('CFDI40135', 'Comprobante.InformacionGlobal.Meses', 'Con periodicidad bimestral (05) Meses debe ser un bimestre: 13 a 18.');
  } else if (periodicidad !== '05' && findEntry('c_Periodicidad', periodicidad) && !(meses >= '01' && meses <= '12')) {
    ctx.error('CFDI40134', 'Comprobante.InformacionGlobal.Meses', `Con periodicidad ${periodicidad} Meses debe ser un mes del 01 al 12.`);
  }
  const year = mexicoYear(ctx.now);
  if (!/^\d{4}$/.test(anio) || (Number(anio) !== year && Number(anio) !== year - 1)) {
    ctx.error('CFDI40136', 'Comprobante.InformacionGlobal.Año', `Año "${shown(anio)}" debe ser el año en curso (${year}) o el inmediato anterior (${year - 1}).`);
  }
}

/** CfdiRelacionados: TipoRelacion from c_TipoRelacion, no UUID repeated, P only relates with 04. */
export function checkRelacionados(ctx: RuleContext): void {
  const groups = ctx.children(ctx.root, 'CfdiRelacionados');
  const seen = new Set<string>();
  groups.forEach((group, gi) => {
    const base = `Comprobante.CfdiRelacionados[${gi + 1}]`;
    const tipo = attr(group, 'TipoRelacion') ?? '';
    if (!findEntry('c_TipoRelacion', tipo)) {
      ctx.error('CFDI40137', `${base}.TipoRelacion`, `TipoRelacion "${shown(tipo)}" no está en el catálogo c_TipoRelacion.`);
    } else if (ctx.tipo === 'P' && tipo !== '04') {
      ctx.error('CFDI40137', `${base}.TipoRelacion`, 'Un comprobante de pago solo se relaciona con TipoRelacion 04 (sustitución de CFDI previos).');
    }
    ctx.children(group, 'CfdiRelacionado').forEach((rel, ri) => {
      const uuid = (attr(rel, 'UUID') ?? '').toUpperCase();
      const key = `${tipo}|${uuid}`;
      if (seen.has(key)) {
        ctx.warn('FAC-UUID-DUP', `${base}.CfdiRelacionado[${ri + 1}].UUID`, `El UUID ${uuid} está repetido en los CFDI relacionados con TipoRelacion ${tipo}.`);
      }
      seen.add(key);
    });
  });
}
