/**
 * The roles of the accounting rules table (issue 28): one list for the engine (contabilidad/rules.ts) and the
 * contract's schemas (packages/contract/src/accounting.ts), in a module of its own so the web bundle can read
 * it without the engine (XSD, PDF).
 */
/** Every role a rule can map to an account. */
export const ROLES = [
  'bancos', 'clientes', 'proveedores', 'ingresos', 'devolucionesVentas',
  'ivaTrasladadoNoCobrado', 'ivaTrasladadoCobrado', 'iepsTrasladadoNoCobrado', 'iepsTrasladadoCobrado',
  'ivaAcreditablePendiente', 'ivaAcreditablePagado', 'isrRetenidoPorClientes', 'ivaRetenidoPorClientes',
  'isrRetenidoAProveedores', 'ivaRetenidoAProveedores', 'gastoGeneral', 'gastoNoDeducible',
  'sueldos', 'isrRetenidoSueldos', 'imssObrero', 'subsidioEmpleo', 'otrasDeduccionesNomina',
  'imssPatronal', 'sarPatronal', 'infonavitPatronal', 'imssPatronalPorPagar', 'sarPorPagar', 'infonavitPorPagar',
  'comisionesBancarias', 'retirosSinCfdi', 'depositosSinCfdi',
] as const;
