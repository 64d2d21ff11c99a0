import { NS, type XmlElement } from '../xml';
import type { ValidateOptions, ValidationIssue } from './types';
import { RuleContext } from './rules/context';
import { checkComprobante } from './rules/comprobante';
import { checkEmisorReceptor } from './rules/emisor-receptor';
import { checkInformacionGlobal, checkRelacionados } from './rules/global-relacionados';
import { checkConceptos } from './rules/conceptos';
import { checkTotals } from './rules/totals';
import { checkImpuestos } from './rules/impuestos';
import { checkIsrRetencionPersonaMoral, checkIvaFronteriza } from './rules/issuer-taxes';
import { checkPagoComprobante } from './rules/pagos-comprobante';
import { checkPagos } from './rules/pagos-pago';
import { checkPagosTotales } from './rules/pagos-impuestos';

/**
 * Checks a CFDI 4.0 (as parsed by `parseXml`) against every Anexo 20 / Pagos 2.0 rule that can be
 * decided offline, before anything goes to a PAC. Returns the issues found (empty: nothing to fix).
 * Errors make the PAC reject the document; warnings are worth a look but SAT accepts them.
 * Structure and data types are the XSD's job ({@link validateXsd}); these rules assume nothing about
 * them and skip values they cannot parse.
 */
export function validateCfdi(root: XmlElement, opts: ValidateOptions = {}): ValidationIssue[] {
  if (root.local !== 'Comprobante' || root.ns !== NS.cfdi40) {
    return [{
      code: 'CFDI40999',
      field: root.local,
      severity: 'error',
      message: root.ns === NS.cfdi33
        ? 'El comprobante es CFDI 3.3; desde el 1 de abril de 2023 solo se timbra la versión 4.0.'
        : 'El documento no es un CFDI 4.0 (cfdi:Comprobante con el espacio de nombres http://www.sat.gob.mx/cfd/4).',
    }];
  }
  const ctx = new RuleContext(root, NS.cfdi40, opts);
  checkComprobante(ctx);
  checkInformacionGlobal(ctx);
  checkRelacionados(ctx);
  checkEmisorReceptor(ctx);
  checkConceptos(ctx);
  checkTotals(ctx);
  checkImpuestos(ctx);
  checkIvaFronteriza(ctx);
  checkIsrRetencionPersonaMoral(ctx);
  checkPagoComprobante(ctx);
  for (const pagos of ctx.complements(NS.pago20)) {
    checkPagos(ctx, pagos);
    checkPagosTotales(ctx, pagos);
  }
  return ctx.issues;
}
