import { NS } from '../../xml';
import { findEntry, regimenAllowed, usoCfdiAllowed, type Persona } from '../../catalogs';
import { postalCodeKnown } from '../big-catalogs';
import { RFC_EXTRANJERO, RFC_PUBLICO_GENERAL, isGenericRfc, rfcCheckDigit, rfcCheckDigitMatches, rfcPersona } from '../../rfc';
import { attr, shown, type RuleContext } from './context';

export const PUBLICO_EN_GENERAL = 'PUBLICO EN GENERAL';

const personaText = (p: Persona): string => (p === 'fisica' ? 'persona física' : 'persona moral');

/** Warns (never rejects) when an RFC's check digit does not match SAT's algorithm. */
function warnCheckDigit(ctx: RuleContext, field: string, rfc: string): void {
  if (isGenericRfc(rfc) || !rfcPersona(rfc) || rfcCheckDigitMatches(rfc)) return;
  ctx.warn('RFC-DV', field, `El dígito verificador del RFC ${rfc} no coincide con el algoritmo del SAT (daría ${rfcCheckDigit(rfc)}); revisa que el RFC esté bien escrito.`);
}

function checkEmisor(ctx: RuleContext): void {
  const emisor = ctx.child(ctx.root, 'Emisor');
  if (!emisor) return;
  const rfc = attr(emisor, 'Rfc') ?? '';
  const persona = rfcPersona(rfc);
  if (isGenericRfc(rfc)) {
    ctx.error('CFDI40138', 'Comprobante.Emisor.Rfc', `El RFC del emisor no puede ser un RFC genérico (${rfc}); usa el RFC del contribuyente que emite.`);
  }
  warnCheckDigit(ctx, 'Comprobante.Emisor.Rfc', rfc);
  const regimen = attr(emisor, 'RegimenFiscal') ?? '';
  if (!findEntry('c_RegimenFiscal', regimen)) {
    ctx.error('CFDI40140', 'Comprobante.Emisor.RegimenFiscal', `RegimenFiscal "${shown(regimen)}" no está en el catálogo c_RegimenFiscal.`);
  } else if (persona && !isGenericRfc(rfc) && !regimenAllowed(regimen, persona)) {
    ctx.error('CFDI40141', 'Comprobante.Emisor.RegimenFiscal', `El régimen ${regimen} no aplica a una ${personaText(persona)} (RFC de ${rfc.length} caracteres); usa un régimen de ${personaText(persona)}.`);
  }
}

/** ResidenciaFiscal / NumRegIdTrib: only for foreign receptors (RFC genérico extranjero). */
function checkExtranjero(ctx: RuleContext, receptor: NonNullable<ReturnType<RuleContext['child']>>, rfc: string): void {
  const residencia = attr(receptor, 'ResidenciaFiscal');
  const numReg = attr(receptor, 'NumRegIdTrib');
  const cce = ctx.complements(NS.cce20).length > 0 || ctx.complements('http://www.sat.gob.mx/ComercioExterior11').length > 0;
  if (residencia !== undefined) {
    const pais = findEntry('c_Pais', residencia);
    if (!pais) ctx.error('CFDI40150', 'Comprobante.Receptor.ResidenciaFiscal', `ResidenciaFiscal "${residencia}" no está en el catálogo c_Pais.`);
    if (rfc !== RFC_EXTRANJERO) {
      ctx.error('CFDI40151', 'Comprobante.Receptor.ResidenciaFiscal', 'ResidenciaFiscal solo se registra cuando el receptor es extranjero (RFC XEXX010101000); elimínalo.');
    } else if (residencia === 'MEX') {
      ctx.error('CFDI40152', 'Comprobante.Receptor.ResidenciaFiscal', 'ResidenciaFiscal no puede ser MEX; registra el país de residencia del extranjero.');
    }
    if (pais && numReg !== undefined && pais.formatoRegistroIdentidadTributaria) {
      let pattern: RegExp | undefined;
      try {
        pattern = new RegExp(`^(?:${pais.formatoRegistroIdentidadTributaria})$`);
      } catch {
        pattern = undefined; // SAT writes some formats as prose, not regexes: nothing to check then.
      }
      if (pattern && !pattern.test(numReg)) {
        ctx.error('CFDI40156', 'Comprobante.Receptor.NumRegIdTrib', `NumRegIdTrib "${numReg}" no cumple el formato del registro tributario de ${pais.descripcion}.`);
      }
    }
  }
  if (numReg !== undefined && residencia === undefined) {
    ctx.error('CFDI40153', 'Comprobante.Receptor.ResidenciaFiscal', 'Si se registra NumRegIdTrib también se debe registrar ResidenciaFiscal.');
  }
  if (numReg !== undefined && rfc !== RFC_EXTRANJERO) {
    ctx.error('CFDI40154', 'Comprobante.Receptor.NumRegIdTrib', 'NumRegIdTrib solo se registra cuando el receptor es extranjero (RFC XEXX010101000); elimínalo.');
  }
  if (rfc === RFC_EXTRANJERO && cce && numReg === undefined) {
    ctx.error('CFDI40155', 'Comprobante.Receptor.NumRegIdTrib', 'Con RFC genérico extranjero y complemento de Comercio Exterior se debe registrar NumRegIdTrib.');
  }
}

/** Fixed values for the generic receptors: público en general (XAXX…) and extranjero (XEXX…). */
function checkGenericReceptor(ctx: RuleContext, rfc: string, nombre: string | undefined, regimen: string, uso: string): void {
  const domicilio = attr(ctx.child(ctx.root, 'Receptor'), 'DomicilioFiscalReceptor');
  const lugar = attr(ctx.root, 'LugarExpedicion');
  if (domicilio !== undefined && lugar !== undefined && domicilio !== lugar) {
    ctx.error('CFDI40149', 'Comprobante.Receptor.DomicilioFiscalReceptor', `Con RFC genérico (${rfc}) DomicilioFiscalReceptor debe ser igual a LugarExpedicion (${lugar}).`, { field: 'Comprobante.Receptor.DomicilioFiscalReceptor', value: lugar });
  }
  if (regimen !== '616') {
    ctx.error('CFDI40158', 'Comprobante.Receptor.RegimenFiscalReceptor', `Con RFC genérico (${rfc}) RegimenFiscalReceptor debe ser 616 "Sin obligaciones fiscales".`, { field: 'Comprobante.Receptor.RegimenFiscalReceptor', value: '616' });
  }
  const usosGenericos = ctx.tipo === 'P' ? ['CP01'] : ['S01'];
  if (!usosGenericos.includes(uso)) {
    const expected = usosGenericos[0] ?? 'S01';
    ctx.error('CFDI40161', 'Comprobante.Receptor.UsoCFDI', `Con RFC genérico (${rfc}) UsoCFDI debe ser ${expected}.`, { field: 'Comprobante.Receptor.UsoCFDI', value: expected });
  }
  if (rfc === RFC_PUBLICO_GENERAL && nombre === PUBLICO_EN_GENERAL) return;
  if (nombre === PUBLICO_EN_GENERAL && rfc !== RFC_PUBLICO_GENERAL) {
    ctx.error('CFDI40146', 'Comprobante.Receptor.Rfc', `Con Nombre "${PUBLICO_EN_GENERAL}" el RFC del receptor debe ser ${RFC_PUBLICO_GENERAL}.`);
  }
}

function checkReceptor(ctx: RuleContext): void {
  const receptor = ctx.child(ctx.root, 'Receptor');
  if (!receptor) return;
  const rfc = attr(receptor, 'Rfc') ?? '';
  const nombre = attr(receptor, 'Nombre');
  const regimen = attr(receptor, 'RegimenFiscalReceptor') ?? '';
  const uso = attr(receptor, 'UsoCFDI') ?? '';
  const generic = isGenericRfc(rfc);
  const persona = rfcPersona(rfc);
  warnCheckDigit(ctx, 'Comprobante.Receptor.Rfc', rfc);
  if (!generic && nombre === PUBLICO_EN_GENERAL) {
    ctx.error('CFDI40146', 'Comprobante.Receptor.Rfc', `Con Nombre "${PUBLICO_EN_GENERAL}" el RFC del receptor debe ser ${RFC_PUBLICO_GENERAL}.`);
  }
  checkExtranjero(ctx, receptor, rfc);

  const regimenEntry = findEntry('c_RegimenFiscal', regimen);
  if (!regimenEntry) {
    ctx.error('CFDI40157', 'Comprobante.Receptor.RegimenFiscalReceptor', `RegimenFiscalReceptor "${shown(regimen)}" no está en el catálogo c_RegimenFiscal.`);
  } else if (persona && !generic && !regimenAllowed(regimen, persona)) {
    ctx.error('CFDI40158', 'Comprobante.Receptor.RegimenFiscalReceptor', `El régimen ${regimen} no aplica a una ${personaText(persona)} (RFC ${rfc}); usa el régimen que aparece en su constancia de situación fiscal.`);
  }

  const usoEntry = findEntry('c_UsoCFDI', uso);
  if (!usoEntry) {
    ctx.error('CFDI40160', 'Comprobante.Receptor.UsoCFDI', `UsoCFDI "${shown(uso)}" no está en el catálogo c_UsoCFDI.`);
  } else if (ctx.tipo === 'P' && uso !== 'CP01') {
    ctx.error('CFDI40161', 'Comprobante.Receptor.UsoCFDI', 'En un comprobante de pago UsoCFDI debe ser CP01 "Pagos".', { field: 'Comprobante.Receptor.UsoCFDI', value: 'CP01' });
  } else if (ctx.tipo === 'N' && uso !== 'CN01') {
    ctx.error('CFDI40161', 'Comprobante.Receptor.UsoCFDI', 'En un recibo de nómina UsoCFDI debe ser CN01 "Nómina".', { field: 'Comprobante.Receptor.UsoCFDI', value: 'CN01' });
  } else if ((uso === 'CP01' && ctx.tipo !== 'P') || (uso === 'CN01' && ctx.tipo !== 'N')) {
    ctx.error('CFDI40161', 'Comprobante.Receptor.UsoCFDI', `UsoCFDI ${uso} solo se usa en comprobantes de tipo ${uso === 'CP01' ? 'P (pago)' : 'N (nómina)'}.`);
  } else if (!generic && persona && regimenEntry && !usoCfdiAllowed(uso, regimen, persona)) {
    ctx.error('CFDI40161', 'Comprobante.Receptor.UsoCFDI', `UsoCFDI ${uso} no corresponde a una ${personaText(persona)} con régimen ${regimen}; elige un uso permitido para ese régimen.`);
  }

  const domicilio = attr(receptor, 'DomicilioFiscalReceptor');
  if (domicilio !== undefined && !generic && ctx.opts.bigCatalogs !== false && postalCodeKnown(domicilio) === false) {
    ctx.error('CFDI40148', 'Comprobante.Receptor.DomicilioFiscalReceptor', `DomicilioFiscalReceptor "${domicilio}" no está en el catálogo c_CodigoPostal; usa el código postal de la constancia de situación fiscal del receptor.`);
  }
  if (generic) checkGenericReceptor(ctx, rfc, nombre, regimen, uso);
}

/** Emisor and Receptor rules (RFC shape, régimen ↔ persona, UsoCFDI ↔ régimen, generic receptors). */
export function checkEmisorReceptor(ctx: RuleContext): void {
  checkEmisor(ctx);
  checkReceptor(ctx);
}
