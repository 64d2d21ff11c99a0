import { ISR_RETENCION_PERSONA_MORAL, isIvaFronteriza, ivaFronterizaMessage } from '../../catalogs';
import { rfcPersona } from '../../rfc';
import { postalCodeBorder } from '../big-catalogs';
import { attr, type RuleContext } from './context';

/**
 * Rules on the taxes a document may carry given who issues it and from where (issue 24, decision 272). SAT's
 * matrix has no code for them, so they carry our own FAC codes.
 */

/** Every concept-level tax node of a kind, with its dotted field path. */
function conceptTaxes(ctx: RuleContext, kind: 'Traslado' | 'Retencion') {
  const conceptos = ctx.child(ctx.root, 'Conceptos');
  if (!conceptos) return [];
  return ctx.children(conceptos, 'Concepto').flatMap((concepto, i) => {
    const impuestos = ctx.child(concepto, 'Impuestos');
    const group = impuestos && ctx.child(impuestos, kind === 'Traslado' ? 'Traslados' : 'Retenciones');
    const plural = kind === 'Traslado' ? 'Traslados' : 'Retenciones';
    return group ? ctx.children(group, kind).map((node, j) => ({ node, field: `Comprobante.Conceptos.Concepto[${i + 1}].Impuestos.${plural}.${kind}[${j + 1}]` })) : [];
  });
}

/**
 * FAC24001: IVA at 8 % only from a LugarExpedicion SAT marks as región fronteriza norte or sur in c_CodigoPostal
 * (decretos de estímulos fiscales región fronteriza norte y sur, art. Segundo / Décimo Primero). One error on
 * Comprobante.LugarExpedicion naming the CP. Skipped when the catalog cannot tell (unknown CP: CFDI40126 says it).
 */
export function checkIvaFronteriza(ctx: RuleContext): void {
  if (ctx.opts.bigCatalogs === false || ctx.tipo === 'P' || ctx.tipo === 'N' || ctx.tipo === 'T') return;
  const lugar = attr(ctx.root, 'LugarExpedicion');
  if (!lugar) return;
  const at8 = conceptTaxes(ctx, 'Traslado').filter(({ node }) => isIvaFronteriza(attr(node, 'Impuesto') ?? '', attr(node, 'TipoFactor'), attr(node, 'TasaOCuota')));
  if (at8.length === 0 || postalCodeBorder(lugar) !== false) return;
  ctx.error('FAC24001', 'Comprobante.LugarExpedicion', ivaFronterizaMessage(lugar));
}

/**
 * FAC24002 (warning): a persona moral (12-character RFC) issuing with an ISR retention. ISR is withheld from
 * personas físicas (LISR arts. 106, 116, 113-J: honorarios, arrendamiento, RESICO), not from a persona moral; SAT
 * stamps it all the same, so it is a warning shown before stamping.
 */
export function checkIsrRetencionPersonaMoral(ctx: RuleContext): void {
  if (ctx.tipo !== 'I' && ctx.tipo !== 'E') return;
  const emisor = ctx.child(ctx.root, 'Emisor');
  if (rfcPersona(attr(emisor, 'Rfc') ?? '') !== 'moral') return;
  const isr = conceptTaxes(ctx, 'Retencion').find(({ node }) => attr(node, 'Impuesto') === '001');
  if (isr) ctx.warn('FAC24002', `${isr.field}.Impuesto`, ISR_RETENCION_PERSONA_MORAL);
}
