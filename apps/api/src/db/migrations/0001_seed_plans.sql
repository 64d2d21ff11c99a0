-- Plan catalog (spec §6): free plan id 1 (role 10) and premium (role 11) with monthly and yearly recurrency.
INSERT INTO plans (id, name, description, is_free, rol_id, monthly_cost, yearly_cost, monthly_price_id, yearly_price_id) VALUES
  (1, 'Gratuito', 'Factura, consulta tus ingresos y gastos y administra clientes y productos.', true, 10, '0.00', '0.00', NULL, NULL),
  (2, 'Premium', 'Todo lo del plan gratuito más nómina, empleados, retenciones, declaraciones y el tablero completo.', false, 11, '299.00', '2990.00', 'price_premium_monthly', 'price_premium_yearly');
--> statement-breakpoint
INSERT INTO plan_catalog_products (id, name, route, routes) VALUES
  (1, 'Tablero', '/dashboard/home', '["/dashboard/home"]'),
  (2, 'Ingresos', '/incomes', '["/incomes", "/accounts/per-receive"]'),
  (3, 'Egresos', '/outcomes', '["/outcomes", "/accounts/per-pay"]'),
  (4, 'Facturación', '/invoicing/add', '["/invoicing/add", "/invoicing/template"]'),
  (5, 'Productos', '/products', '["/products"]'),
  (6, 'Clientes', '/clients', '["/clients"]'),
  (7, 'Notas de crédito', '/credit-notes/emitted', '["/credit-notes/emitted", "/credit-notes/received"]'),
  (8, 'Recepción de pagos', '/payment-reception', '["/payment-reception"]'),
  (9, 'Retenciones', '/retentions/issued', '["/retentions/issued", "/retentions/received"]'),
  (10, 'Empleados y nómina', '/employees', '["/employees", "/employees/create", "/employees/edit", "/pre-payroll", "/payroll"]'),
  (11, 'Recibos de nómina', '/payroll/emitted', '["/payroll/emitted", "/payroll/received"]'),
  (12, 'Declaraciones', '/statements', '["/statements"]');
--> statement-breakpoint
INSERT INTO plan_catalog_features (id, product_id, element_id, name) VALUES
  (5, 2, 'incomes-list', 'Lista de ingresos'),
  (6, 2, 'incomes-stats', 'Estadísticas de ingresos'),
  (31, 2, 'incomes-csv', 'Exportar ingresos a CSV'),
  (55, 2, 'incomes-receivable', 'Cuentas por cobrar'),
  (59, 2, 'incomes-email', 'Enviar facturas por correo'),
  (71, 2, 'incomes-blacklist', 'Revisión de lista negra (69-B) en ingresos'),
  (7, 3, 'outcomes-list', 'Lista de egresos'),
  (8, 3, 'outcomes-deductible', 'Gastos deducibles y no deducibles'),
  (9, 3, 'outcomes-csv', 'Exportar egresos a CSV'),
  (57, 3, 'outcomes-payable', 'Cuentas por pagar'),
  (58, 3, 'outcomes-complement-request', 'Solicitar complemento de pago'),
  (72, 3, 'outcomes-blacklist', 'Revisión de lista negra (69-B) en egresos'),
  (62, 1, 'dashboard-income-card', 'Tarjeta de ingresos'),
  (63, 1, 'dashboard-expenses-card', 'Tarjeta de gastos'),
  (64, 1, 'dashboard-taxes-card', 'Tarjeta de impuestos'),
  (65, 1, 'dashboard-withholdings-card', 'Tarjeta de retenciones'),
  (66, 1, 'dashboard-platforms-card', 'Tarjeta de plataformas digitales'),
  (67, 1, 'dashboard-accounts-card', 'Tarjeta de cuentas por cobrar y pagar'),
  (68, 1, 'dashboard-paid-chart', 'Gráfica de ingresos pagados y gastos'),
  (69, 1, 'dashboard-iva-chart', 'Gráfica de IVA'),
  (70, 1, 'dashboard-yearly-overview', 'Resumen anual');
--> statement-breakpoint
INSERT INTO plan_products (plan_id, product_id) VALUES
  (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7), (1, 8),
  (2, 1), (2, 2), (2, 3), (2, 4), (2, 5), (2, 6), (2, 7), (2, 8), (2, 9), (2, 10), (2, 11), (2, 12);
--> statement-breakpoint
INSERT INTO plan_features (plan_id, feature_id) VALUES
  (1, 5), (1, 6), (1, 7), (1, 8), (1, 62), (1, 63), (1, 64),
  (2, 5), (2, 6), (2, 31), (2, 55), (2, 59), (2, 71), (2, 7), (2, 8), (2, 9), (2, 57), (2, 58), (2, 72),
  (2, 62), (2, 63), (2, 64), (2, 65), (2, 66), (2, 67), (2, 68), (2, 69), (2, 70);
