import type { HttpMethod } from '../route';

/**
 * One call of spec §7, with the exact path we serve or will serve it at. Where the spec says only
 * "GET list" the path is the one the issues name (issues 9-15, 18, 19); `proposed` marks the few
 * paths no issue names yet (the first helper to build one fixes it here).
 */
export interface SpecCall {
  section: string;
  /** The spec's words for the call. */
  call: string;
  method: HttpMethod;
  path: `/api/${string}`;
  proposed?: true;
}

const c = (section: string, call: string, method: HttpMethod, path: `/api/${string}`, proposed?: true): SpecCall =>
  (proposed ? { section, call, method, path, proposed } : { section, call, method, path });

/** Spec §7.1-7.17, transcribed in the spec's order. */
export const specCalls: SpecCall[] = [
  c('7.1', 'Dashboard: facturación diaria y estadísticas del mes', 'GET', '/api/getInMesDashboard/:rfc/:month/:year'),
  c('7.1', 'Dashboard: ingresos (V2)', 'GET', '/api/getIngresosPDashboardV2/:rfc/:month/:year'),
  c('7.1', 'Dashboard: ingresos del año', 'GET', '/api/getIngresosDashboard/:rfc/:month/:year'),
  c('7.1', 'Dashboard: meses y años', 'GET', '/api/dashboardmes/:rfc/:month/:year'),
  c('7.1', 'Notificaciones urgentes', 'GET', '/api/notificaciones/urgentes'),
  c('7.1', 'Procesos en segundo plano', 'GET', '/api/background/process'),

  c('7.2', 'Iniciar sesión', 'POST', '/api/login'),
  c('7.2', 'Enviar código para cambiar contraseña', 'POST', '/api/sendCodigoCambiarPassword'),
  c('7.2', 'Restablecer contraseña', 'POST', '/api/resetPassword'),
  c('7.2', 'Pre-registro', 'POST', '/api/pre-registro'),
  c('7.2', 'Verificar cuenta', 'POST', '/api/verificar-cuenta'),
  c('7.2', 'Crear cuenta (completar datos)', 'POST', '/api/crear-cuenta'),
  c('7.2', 'Catálogos del registro', 'GET', '/api/crear-cuenta/catalogs'),
  c('7.2', 'Municipios del registro', 'GET', '/api/crear-cuenta/municipios/:stateId'),
  c('7.2', 'Validar CIEC', 'POST', '/api/ciec/process'),
  c('7.2', 'Plan del usuario', 'GET', '/api/user/plan'),

  c('7.3', 'Facturas', 'GET', '/api/apps/invoice/invoices'),
  c('7.3', 'Una factura', 'GET', '/api/apps/invoice/invoices/:id'),
  c('7.3', 'Clientes de facturas', 'GET', '/api/apps/invoice/clients'),

  c('7.4', 'Catálogos de facturación', 'GET', '/api/invoicing/catalogs', true),
  c('7.4', 'Dirección por código postal', 'GET', '/api/catalogs/postal-codes/:cp'),
  c('7.4', 'Catálogo de clientes', 'POST', '/api/invoicing/customers', true),
  c('7.4', 'Catálogo de productos', 'GET', '/api/invoicing/products', true),
  c('7.4', 'Detalle de régimen', 'GET', '/api/invoicing/regime/:clave', true),
  c('7.4', 'Timbrar factura 3.3', 'POST', '/api/invoice'),
  c('7.4', 'Timbrar factura 4.0', 'POST', '/api/invoice40'),
  c('7.4', 'Vista previa 3.3', 'POST', '/api/preview'),
  c('7.4', 'Vista previa 4.0', 'POST', '/api/preview40'),
  c('7.4', 'Facturas para sustitución', 'GET', '/api/invoicing/substitution/:rfc/:month/:year'),
  c('7.4', 'Tipo de cambio', 'GET', '/api/invoicing/exchange-rate', true),
  c('7.4', 'Comprar timbres', 'POST', '/api/timbres'),
  c('7.4', 'Plantillas PDF', 'GET', '/api/pdf-templates'),
  c('7.4', 'Plantilla del usuario', 'GET', '/api/user-template'),
  c('7.4', 'Elegir plantilla del usuario', 'POST', '/api/user-template'),

  c('7.5', 'Ingresos: estadísticas del mes', 'GET', '/api/incomes/stats/:month/:year'),
  c('7.5', 'Ingresos: estadísticas del año', 'GET', '/api/incomes/stats/:year'),
  c('7.5', 'Ingresos: lista del mes', 'GET', '/api/incomes/:month/:year'),
  c('7.5', 'Ingresos: documentos relacionados', 'GET', '/api/incomes/related/:uuid'),
  c('7.5', 'Ingresos: correo del cliente', 'GET', '/api/incomes/client-email'),
  c('7.5', 'Ingresos: enviar por correo', 'POST', '/api/incomes/send-email'),
  c('7.5', 'Ingresos: cancelar factura', 'POST', '/api/incomes/cancel'),
  c('7.5', 'Ingresos: habilitar pago', 'POST', '/api/incomes/enable-payment'),
  c('7.5', 'Ingresos: no contar', 'POST', '/api/incomes/not-count'),
  c('7.5', 'Ingresos: motivos de cancelación', 'GET', '/api/incomes/cancel-options'),

  c('7.6', 'Egresos: estadísticas del mes', 'GET', '/api/outcomes/stats/:month/:year'),
  c('7.6', 'Egresos: estadísticas del año', 'GET', '/api/outcomes/stats/:year'),
  c('7.6', 'Egresos: lista del mes (con deducible)', 'GET', '/api/outcomes/:month/:year'),
  c('7.6', 'Egresos: documentos relacionados', 'GET', '/api/outcomes/related/:uuid'),
  // "The same pattern as incomes" (§7.6): the incomes e-mail and cancel-options calls over received documents.
  c('7.6', 'Egresos: correo del proveedor', 'GET', '/api/outcomes/client-email'),
  c('7.6', 'Egresos: enviar por correo', 'POST', '/api/outcomes/send-email'),
  c('7.6', 'Egresos: motivos de cancelación', 'GET', '/api/outcomes/cancel-options'),
  c('7.6', 'Egresos: habilitar pago', 'POST', '/api/outcomes/enable-payment'),
  c('7.6', 'Egresos: no contar', 'POST', '/api/outcomes/not-count'),
  c('7.6', 'Egresos: solicitar complemento', 'POST', '/api/outcomes/complement-request'),
  c('7.6', 'Egresos: cancelación del gasto', 'POST', '/api/outcomes/cancel', true),

  c('7.7', 'Notas de crédito: estadísticas del mes', 'GET', '/api/ncreditoMes/:month/:year'),
  c('7.7', 'Notas de crédito: emitidas (1) o recibidas (2)', 'GET', '/api/getNotasCredito/:month/:year/:type'),
  c('7.7', 'Facturas madre (PPD con saldo)', 'GET', '/api/getFacturasMadre/:status'),
  c('7.7', 'Pagos de una factura', 'GET', '/api/getPagosFactura/:invoiceId'),
  c('7.7', 'Aplicar pago (form)', 'POST', '/api/recepcionpagos/applyPay'),
  c('7.7', 'Catálogos de recepción de pagos', 'GET', '/api/recepcionpagos'),
  c('7.7', 'Aplicar pago a varias facturas', 'POST', '/api/recepcionpagos/applyMultiplePayments'),

  c('7.8', 'Productos: lista', 'GET', '/api/products'),
  c('7.8', 'Productos: buscar unidad', 'GET', '/api/products/find-unit'),
  c('7.8', 'Productos: buscar producto o servicio', 'GET', '/api/products/find-service'),
  c('7.8', 'Productos: crear', 'POST', '/api/products'),
  c('7.8', 'Productos: editar', 'PUT', '/api/products/:id'),
  c('7.8', 'Productos: eliminar', 'DELETE', '/api/products/:id'),

  c('7.9', 'Clientes: lista', 'GET', '/api/clients'),
  c('7.9', 'Clientes: crear', 'POST', '/api/clients'),
  c('7.9', 'Clientes: editar', 'PUT', '/api/clients/:id'),
  c('7.9', 'Clientes: eliminar', 'DELETE', '/api/clients/:id'),
  c('7.9', 'Clientes: datos para editar', 'GET', '/api/clients/:id/edit'),
  c('7.9', 'Clientes: estados', 'GET', '/api/clients/states'),
  c('7.9', 'Clientes: municipios', 'GET', '/api/clients/municipalities/:stateId'),
  c('7.9', 'Clientes: regímenes fiscales', 'GET', '/api/clients/tax-regimes'),
  c('7.9', 'Clientes: datos CFDI 4.0 (v4)', 'PATCH', '/api/clients/:id/v4'),
  c('7.9', 'Clientes: subir CSF del cliente', 'POST', '/api/clients/upload-csf'),

  c('7.10', 'Empleados: lista', 'GET', '/api/employees'),
  c('7.10', 'Empleados: crear', 'POST', '/api/employees'),
  c('7.10', 'Empleados: editar', 'PUT', '/api/employees/:id'),
  c('7.10', 'Empleados: eliminar', 'DELETE', '/api/employees/:id'),
  c('7.10', 'Empleados: activar o desactivar', 'PUT', '/api/employees/enable/:id'),
  c('7.10', 'Empleados: datos para editar', 'GET', '/api/employees/:id/edit'),
  c('7.10', 'Empleados: catálogos', 'GET', '/api/employees/catalogs'),
  c('7.10', 'Empleados: vista previa guardada', 'GET', '/api/employees/preview/:id'),
  c('7.10', 'Empleados: vista previa sin guardar', 'POST', '/api/employees/preview'),
  c('7.10', 'Empleados: agregar percepción', 'POST', '/api/employees/:id/perceptions'),
  c('7.10', 'Empleados: editar percepción', 'PUT', '/api/employees/:id/perceptions/:conceptId'),
  c('7.10', 'Empleados: quitar percepción', 'DELETE', '/api/employees/:id/perceptions/:conceptId'),
  c('7.10', 'Empleados: agregar deducción', 'POST', '/api/employees/:id/deductions'),
  c('7.10', 'Empleados: editar deducción', 'PUT', '/api/employees/:id/deductions/:conceptId'),
  c('7.10', 'Empleados: quitar deducción', 'DELETE', '/api/employees/:id/deductions/:conceptId'),
  c('7.10', 'Empleados: agregar otro pago', 'POST', '/api/employees/:id/other-payments'),
  c('7.10', 'Empleados: editar otro pago', 'PUT', '/api/employees/:id/other-payments/:conceptId'),
  c('7.10', 'Empleados: quitar otro pago', 'DELETE', '/api/employees/:id/other-payments/:conceptId'),
  c('7.10', 'Empleados: fijar salario', 'POST', '/api/employees/:id/salary'),
  c('7.10', 'Empleados: calcular ISR e IMSS', 'GET', '/api/employees/calculate/:employeeId'),

  c('7.11', 'Crear prenómina', 'POST', '/api/crearPrenomina'),
  c('7.11', 'Guardar prenómina', 'POST', '/api/prenomina'),
  c('7.11', 'Prenóminas', 'GET', '/api/prenomina'),
  c('7.11', 'Eliminar prenómina', 'DELETE', '/api/prenomina/:id'),
  c('7.11', 'Activar o desactivar detalle de nómina', 'POST', '/api/enableDisablePayrollDetail'),
  c('7.11', 'Liberar prenómina', 'POST', '/api/releasePrenomina'),
  c('7.11', 'Nóminas emitidas (1) o recibidas (2), CSV', 'GET', '/api/getNomina/:month/:year/:type'),

  c('7.12', 'Retenciones recibidas: estadísticas', 'GET', '/api/getEstadisticasRetencionesRecibidas/:month/:year'),
  c('7.12', 'Retenciones recibidas', 'GET', '/api/getRetencionesRecibidas/:month/:year'),
  c('7.12', 'Retenciones emitidas', 'GET', '/api/getRetencionesEmitidas/:month/:year'),

  c('7.13', 'Declaraciones: lista', 'GET', '/api/statements'),
  c('7.13', 'DIOT', 'POST', '/api/diot'),
  c('7.13', 'Declaraciones: configuración', 'GET', '/api/statements/settings'),
  c('7.13', 'Declaraciones: guardar configuración', 'PUT', '/api/statements/settings'),
  c('7.13', 'Iniciar declaración', 'POST', '/api/statements/start'),

  c('7.14', 'Pagos', 'GET', '/api/payments'),
  c('7.14', 'Catálogos de pago', 'GET', '/api/payments/catalogs', true),
  c('7.14', 'Liga de pago mensual', 'GET', '/api/payments/monthly-link', true),
  c('7.14', 'Liga del proveedor de pagos', 'GET', '/api/payments/provider-link', true),
  c('7.14', 'Tarjetas', 'GET', '/api/payments/cards'),
  c('7.14', 'Planes locales', 'GET', '/api/plans', true),
  c('7.14', 'Descripción de planes', 'GET', '/api/plans/descriptions', true),
  c('7.14', 'Cliente del proveedor', 'GET', '/api/customer'),
  c('7.14', 'Setup intent', 'GET', '/api/payments/setup-intent'),
  c('7.14', 'Setup intent (pago en efectivo)', 'GET', '/api/payments/setup-intent/:id'),
  c('7.14', 'Eliminar método de pago', 'POST', '/api/payments/payment-method/delete'),
  c('7.14', 'Planes del proveedor', 'GET', '/api/payments/plans'),
  c('7.14', 'Plan del cliente', 'GET', '/api/customer/plan', true),
  c('7.14', 'Crear suscripción', 'POST', '/api/subscription'),
  c('7.14', 'Cancelar suscripción', 'DELETE', '/api/subscription'),
  c('7.14', 'Reintentar pago', 'POST', '/api/subscription/retry'),

  c('7.15', 'Perfil (opcional onlyAddress)', 'GET', '/api/profile'),
  c('7.15', 'Cambiar contraseña', 'POST', '/api/profile/password'),
  c('7.15', 'Cambiar imagen de perfil', 'POST', '/api/profile/avatar'),
  c('7.15', 'Actualizar perfil', 'PUT', '/api/profile'),
  c('7.15', 'Actualizar CSD', 'POST', '/api/profile/csd'),
  c('7.15', 'Actualizar e.firma', 'POST', '/api/profile/efirma'),
  c('7.15', 'Actualizar CIEC', 'POST', '/api/ciec/process'),
  c('7.15', 'Constancias (CSF)', 'GET', '/api/profile/csf'),
  c('7.15', 'Subir constancia (CSF)', 'POST', '/api/profile/csf'),
  c('7.15', 'Obligaciones fiscales', 'GET', '/api/profile/obligations'),
  c('7.15', 'Actividades económicas', 'GET', '/api/profile/activities'),

  c('7.17', 'pdf-viewer / html-viewer de un ingreso', 'GET', '/api/incomes/:uuid/pdf'),
  c('7.17', 'xml-viewer / xml-downloader de un ingreso', 'GET', '/api/incomes/:uuid/xml'),
  c('7.17', 'pdf-viewer de un egreso', 'GET', '/api/outcomes/:uuid/pdf'),
  c('7.17', 'xml-viewer / xml-downloader de un egreso', 'GET', '/api/outcomes/:uuid/xml'),
];

/** §7.16: Socket.IO events, not HTTP calls; listed beside the table, outside its counts. */
export const specSocketEvents = ['ciec', 'cif', 'invoice download', 'csf', 'frontStEvent (cargos)'] as const;
