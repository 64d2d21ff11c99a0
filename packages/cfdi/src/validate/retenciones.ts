import { NS, findChild, findChildren, type XmlElement } from '../xml';
import { findEntry, regimenAllowed } from '../catalogs';
import { sum } from '../money';
import { postalCodeKnown } from './big-catalogs';
import { isGenericRfc, rfcCheckDigit, rfcCheckDigitMatches, rfcPersona } from '../rfc';
import { attr, dec, decimalsOf, shown } from './rules/context';
import { parseFecha } from './rules/comprobante';
import type { ValidateOptions, ValidationIssue } from './types';

/**
 * Basic rules of a Retenciones e información de pagos 2.0 document: RFCs and régimen, receptor
 * nacional/extranjero, Periodo, CveRetenc and the Totales sums. SAT publishes no offline error
 * matrix for it that we could map, so codes are ours ('RET-…'); messages are Spanish.
 */
export function validateRetenciones(root: XmlElement, opts: ValidateOptions = {}): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const error = (code: string, field: string, message: string, fix?: { field: string; value: string }) =>
    issues.push(fix ? { code, field, message, severity: 'error', fix } : { code, field, message, severity: 'error' });
  const warn = (code: string, field: string, message: string) => issues.push({ code, field, message, severity: 'warning' });
  const ns = NS.retenciones20;
  if (root.local !== 'Retenciones' || root.ns !== ns || attr(root, 'Version') !== '2.0') {
    return [{ code: 'RET-VERSION', field: 'Retenciones', severity: 'error', message: 'El documento no es una constancia de Retenciones e información de pagos versión 2.0.' }];
  }

  const fecha = attr(root, 'FechaExp');
  if (parseFecha(fecha) === undefined) {
    error('RET-FECHA', 'Retenciones.FechaExp', `FechaExp "${shown(fecha)}" no cumple con el patrón AAAA-MM-DDThh:mm:ss o no es una fecha real.`);
  }
  const clave = attr(root, 'CveRetenc') ?? '';
  if (!findEntry('retenciones:c_CveRetenc', clave)) {
    error('RET-CVE', 'Retenciones.CveRetenc', `CveRetenc "${shown(clave)}" no está en el catálogo c_CveRetenc.`);
  } else if (clave === '25' && !attr(root, 'DescRetenc')) {
    error('RET-CVE', 'Retenciones.DescRetenc', 'Con CveRetenc 25 (otro tipo de retenciones) se debe describir la retención en DescRetenc.');
  }
  const lugar = attr(root, 'LugarExpRetenc');
  if (lugar !== undefined && opts.bigCatalogs !== false && postalCodeKnown(lugar) === false) {
    error('RET-LUGAR', 'Retenciones.LugarExpRetenc', `LugarExpRetenc "${lugar}" no está en el catálogo c_CodigoPostal.`);
  }

  const checkRfc = (field: string, rfc: string) => {
    if (!isGenericRfc(rfc) && rfcPersona(rfc) && !rfcCheckDigitMatches(rfc)) {
      warn('RFC-DV', field, `El dígito verificador del RFC ${rfc} no coincide con el algoritmo del SAT (daría ${rfcCheckDigit(rfc)}); revisa que esté bien escrito.`);
    }
  };

  const emisor = findChild(root, ns, 'Emisor');
  const rfcE = attr(emisor, 'RfcE') ?? '';
  const regimen = attr(emisor, 'RegimenFiscalE') ?? '';
  const personaE = rfcPersona(rfcE);
  if (emisor && !personaE) error('RET-RFC', 'Retenciones.Emisor.RfcE', `RfcE "${rfcE}" no tiene el formato de un RFC (12 caracteres persona moral, 13 persona física).`);
  if (isGenericRfc(rfcE)) error('RET-RFC', 'Retenciones.Emisor.RfcE', 'El RFC del emisor no puede ser genérico.');
  checkRfc('Retenciones.Emisor.RfcE', rfcE);
  if (emisor && !findEntry('c_RegimenFiscal', regimen)) {
    error('RET-REGIMEN', 'Retenciones.Emisor.RegimenFiscalE', `RegimenFiscalE "${shown(regimen)}" no está en el catálogo c_RegimenFiscal.`);
  } else if (personaE && !isGenericRfc(rfcE) && !regimenAllowed(regimen, personaE)) {
    error('RET-REGIMEN', 'Retenciones.Emisor.RegimenFiscalE', `El régimen ${regimen} no aplica al tipo de persona del RFC ${rfcE}.`);
  }

  const receptor = findChild(root, ns, 'Receptor');
  const nacionalidad = attr(receptor, 'NacionalidadR');
  const nacional = receptor && findChild(receptor, ns, 'Nacional');
  const extranjero = receptor && findChild(receptor, ns, 'Extranjero');
  if (nacionalidad === 'Nacional' && !nacional) {
    error('RET-RECEPTOR', 'Retenciones.Receptor.Nacional', 'Con NacionalidadR "Nacional" se debe registrar el nodo Nacional con el RFC del receptor.');
  } else if (nacionalidad === 'Extranjero' && !extranjero) {
    error('RET-RECEPTOR', 'Retenciones.Receptor.Extranjero', 'Con NacionalidadR "Extranjero" se debe registrar el nodo Extranjero.');
  }
  if (nacional) {
    const rfcR = attr(nacional, 'RfcR') ?? '';
    if (!rfcPersona(rfcR)) error('RET-RFC', 'Retenciones.Receptor.Nacional.RfcR', `RfcR "${rfcR}" no tiene el formato de un RFC.`);
    checkRfc('Retenciones.Receptor.Nacional.RfcR', rfcR);
  }

  const periodo = findChild(root, ns, 'Periodo');
  if (periodo) {
    const ini = Number(attr(periodo, 'MesIni'));
    const fin = Number(attr(periodo, 'MesFin'));
    const ejercicio = attr(periodo, 'Ejercicio') ?? '';
    if (Number.isInteger(ini) && Number.isInteger(fin) && ini > fin) {
      error('RET-PERIODO', 'Retenciones.Periodo.MesFin', `MesFin (${attr(periodo, 'MesFin')}) no puede ser anterior a MesIni (${attr(periodo, 'MesIni')}).`);
    }
    if (!findEntry('retenciones:c_Ejercicio', ejercicio)) {
      error('RET-PERIODO', 'Retenciones.Periodo.Ejercicio', `Ejercicio "${shown(ejercicio)}" no está en el catálogo c_Ejercicio.`);
    } else if (Number(ejercicio) > (opts.now ?? new Date()).getUTCFullYear()) {
      error('RET-PERIODO', 'Retenciones.Periodo.Ejercicio', `Ejercicio ${ejercicio} es posterior al año en curso.`);
    }
  }

  const totales = findChild(root, ns, 'Totales');
  if (totales) {
    const operacion = dec(attr(totales, 'MontoTotOperacion'));
    const gravado = dec(attr(totales, 'MontoTotGrav'));
    const exento = dec(attr(totales, 'MontoTotExent'));
    if (operacion && gravado && exento && !gravado.plus(exento).eq(operacion)) {
      const value = gravado.plus(exento).toFixed();
      error('RET-TOTALES', 'Retenciones.Totales.MontoTotOperacion', `MontoTotOperacion (${attr(totales, 'MontoTotOperacion')}) debe ser MontoTotGrav + MontoTotExent = ${value}.`, { field: 'Retenciones.Totales.MontoTotOperacion', value });
    }
    const retenidos = findChildren(totales, ns, 'ImpRetenidos');
    const montoRet = dec(attr(totales, 'MontoTotRet'));
    const montos = retenidos.map((r) => attr(r, 'MontoRet')).filter((v): v is string => dec(v) !== undefined);
    const places = Math.max(2, ...montos.map(decimalsOf));
    const suma = sum(montos);
    if (montoRet && retenidos.length > 0 && !montoRet.eq(suma)) {
      error('RET-TOTALES', 'Retenciones.Totales.MontoTotRet', `MontoTotRet (${attr(totales, 'MontoTotRet')}) debe ser la suma de MontoRet de ImpRetenidos = ${suma.toFixed(places)}.`, { field: 'Retenciones.Totales.MontoTotRet', value: suma.toFixed(places) });
    }
    retenidos.forEach((r, i) => {
      const field = `Retenciones.Totales.ImpRetenidos[${i + 1}]`;
      const tipoPago = findEntry('retenciones:c_TipoPagoRet', attr(r, 'TipoPagoRet') ?? '');
      const impuesto = attr(r, 'ImpuestoRet');
      if (tipoPago?.tipoImpuesto && impuesto && tipoPago.tipoImpuesto !== impuesto) {
        warn('RET-IMPUESTO', `${field}.TipoPagoRet`, `TipoPagoRet ${tipoPago.clave} (${tipoPago.descripcion}) corresponde al impuesto ${tipoPago.tipoImpuesto}, pero ImpuestoRet es ${impuesto}.`);
      }
      const base = dec(attr(r, 'BaseRet'));
      if (base && dec(attr(r, 'MontoRet'))?.gt(base) && !base.isZero()) {
        warn('RET-IMPUESTO', `${field}.MontoRet`, 'El monto retenido es mayor que la base de la retención; revisa los importes.');
      }
    });
    if (montoRet && operacion && montoRet.gt(operacion) && !operacion.isZero()) {
      warn('RET-TOTALES', 'Retenciones.Totales.MontoTotRet', 'El total retenido es mayor que el monto total de la operación.');
    }
  }
  return issues;
}
