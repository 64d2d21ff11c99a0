import type { Cuenta } from './types';

/**
 * The chart a new small business starts with: level-1 accounts that mirror SAT's código agrupador
 * (número = code, so an accountant reads it at once) and one level-2 subaccount each. Customer and
 * supplier subaccounts (level 3, by RFC) hang from 105.01 and 201.01 and are created as documents arrive.
 */
const ROWS: [numero: string, descripcion: string, codigo: string, naturaleza: 'D' | 'A'][] = [
  ['101', 'Caja', '101', 'D'], ['101.01', 'Caja y efectivo', '101.01', 'D'],
  ['102', 'Bancos', '102', 'D'], ['102.01', 'Bancos nacionales', '102.01', 'D'],
  ['105', 'Clientes', '105', 'D'], ['105.01', 'Clientes nacionales', '105.01', 'D'],
  ['107', 'Deudores diversos', '107', 'D'], ['107.05', 'Otros deudores diversos', '107.05', 'D'],
  ['110', 'Subsidio al empleo por aplicar', '110', 'D'], ['110.01', 'Subsidio al empleo por aplicar', '110.01', 'D'],
  ['113', 'Impuestos a favor', '113', 'D'], ['113.01', 'IVA a favor', '113.01', 'D'], ['113.02', 'ISR a favor', '113.02', 'D'],
  ['118', 'Impuestos acreditables pagados', '118', 'D'], ['118.01', 'IVA acreditable pagado', '118.01', 'D'],
  ['119', 'Impuestos acreditables por pagar', '119', 'D'], ['119.01', 'IVA pendiente de pago', '119.01', 'D'],
  ['201', 'Proveedores', '201', 'A'], ['201.01', 'Proveedores nacionales', '201.01', 'A'],
  ['205', 'Acreedores diversos a corto plazo', '205', 'A'], ['205.06', 'Depósitos por identificar (sin CFDI)', '205.06', 'A'],
  ['208', 'Impuestos trasladados cobrados', '208', 'A'], ['208.01', 'IVA trasladado cobrado', '208.01', 'A'],
  ['208.02', 'IEPS trasladado cobrado', '208.02', 'A'],
  ['209', 'Impuestos trasladados no cobrados', '209', 'A'], ['209.01', 'IVA trasladado no cobrado', '209.01', 'A'],
  ['209.02', 'IEPS trasladado no cobrado', '209.02', 'A'],
  ['210', 'Provisión de sueldos y salarios por pagar', '210', 'A'], ['210.01', 'Sueldos y salarios por pagar', '210.01', 'A'],
  ['211', 'Provisión de contribuciones de seguridad social por pagar', '211', 'A'],
  ['211.01', 'Provisión de IMSS patronal por pagar', '211.01', 'A'],
  ['211.02', 'Provisión de SAR por pagar', '211.02', 'A'], ['211.03', 'Provisión de INFONAVIT por pagar', '211.03', 'A'],
  ['213', 'Impuestos y derechos por pagar', '213', 'A'], ['213.01', 'IVA por pagar', '213.01', 'A'],
  ['216', 'Impuestos retenidos', '216', 'A'], ['216.01', 'ISR retenido por sueldos y salarios', '216.01', 'A'],
  ['216.03', 'IVA retenido', '216.03', 'A'], ['216.05', 'ISR retenido por servicios profesionales', '216.05', 'A'],
  ['216.11', 'Retenciones de IMSS a los trabajadores', '216.11', 'A'],
  ['301', 'Capital social', '301', 'A'], ['301.01', 'Capital fijo', '301.01', 'A'],
  ['304', 'Resultado de ejercicios anteriores', '304', 'A'], ['304.01', 'Utilidad de ejercicios anteriores', '304.01', 'A'],
  ['401', 'Ingresos', '401', 'A'], ['401.01', 'Ventas y/o servicios gravados a la tasa general', '401.01', 'A'],
  ['402', 'Devoluciones, descuentos o bonificaciones sobre ingresos', '402', 'D'],
  ['402.01', 'Devoluciones, descuentos o bonificaciones sobre ventas', '402.01', 'D'],
  ['601', 'Gastos generales', '601', 'D'], ['601.01', 'Sueldos y salarios', '601.01', 'D'],
  ['601.26', 'Cuotas al IMSS', '601.26', 'D'], ['601.27', 'Aportaciones al INFONAVIT', '601.27', 'D'],
  ['601.28', 'Aportaciones al SAR', '601.28', 'D'], ['601.34', 'Honorarios a personas físicas', '601.34', 'D'],
  ['601.45', 'Arrendamiento a personas físicas', '601.45', 'D'], ['601.48', 'Combustibles y lubricantes', '601.48', 'D'],
  ['601.50', 'Teléfono, internet', '601.50', 'D'], ['601.55', 'Papelería y artículos de oficina', '601.55', 'D'],
  ['601.83', 'Gastos no deducibles', '601.83', 'D'], ['601.84', 'Otros gastos generales', '601.84', 'D'],
  ['701', 'Gastos financieros', '701', 'D'], ['701.10', 'Comisiones bancarias', '701.10', 'D'],
];

/**
 * Accounts added to the default chart after tenants had theirs written: the bank ones (decision 301) and the
 * employer's SAR and INFONAVIT quotas (decision 323; 211.01 and 601.26 were there from the start). Added when missing.
 */
export const CUENTAS_AGREGADAS_DESPUES = ['205', '205.06', '701', '701.10', '211.02', '211.03', '601.27', '601.28'];

/** The default chart, parents before children. */
export function defaultChart(): Cuenta[] {
  return ROWS.map(([numero, descripcion, codigoAgrupador, naturaleza]) => {
    const dot = numero.lastIndexOf('.');
    return { numero, descripcion, codigoAgrupador, naturaleza, nivel: dot < 0 ? 1 : 2, padre: dot < 0 ? null : numero.slice(0, dot) };
  });
}
