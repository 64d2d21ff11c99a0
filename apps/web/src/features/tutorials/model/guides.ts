/**
 * The help center's guides (/tutorials): one per capability, step by step, in the words of the screens.
 * A step's `shot` names a screenshot the end-to-end suite takes with `snap()` (e2e/support/screens.ts);
 * `npm run tutorials:shots` reruns the suite writing those shots to apps/web/public/guides/<shot>.jpg, so
 * the pictures are always of the real screens. A unit test fails when a guide names a shot no spec takes
 * or whose file is missing.
 */
export interface GuideStep {
  text: string;
  shot?: string;
}

export interface Guide {
  id: string;
  title: string;
  /** One line under the title in the list. */
  summary: string;
  /** Where the guide happens, for the "Ir a la pantalla" button. */
  screen: string;
  /** Extra words people search with (synonyms, SAT terms). */
  keywords: string[];
  steps: GuideStep[];
}

export const guides: Guide[] = [
  {
    id: 'subir-csd',
    title: 'Sube tu Certificado de Sello Digital (CSD)',
    summary: 'Sin CSD no puedes timbrar: así lo registras y lo validamos en segundos.',
    screen: '/profile/3',
    keywords: ['sello', 'certificado', 'cer', 'key', 'llave privada', 'timbrar', 'firma'],
    steps: [
      { text: 'Descarga tu CSD del portal del SAT con CertiSAT Web (con tu e.firma). Obtienes dos archivos: el certificado (.cer) y la llave privada (.key), más la contraseña que elegiste.' },
      { text: 'En Mi cuenta → Perfil abre la pestaña "Información fiscal" y pulsa el recuadro del Certificado de Sello Digital.', shot: 'profile-tax-tab' },
      { text: 'Elige el .cer y el .key, escribe la contraseña de la llave privada y pulsa "Validar y guardar". Si la llave no corresponde al certificado te lo decimos en el campo y no se guarda nada.', shot: 'profile-csd-key-mismatch' },
      { text: 'La barra muestra la validación en vivo. Al terminar verás el número de serie y los días que le quedan de vigencia. Ya puedes facturar.', shot: 'profile-csd-validated' },
    ],
  },
  {
    id: 'primera-factura',
    title: 'Emite tu primera factura CFDI 4.0',
    summary: 'Del cliente al XML timbrado: receptor, conceptos, impuestos, vista previa y timbrado.',
    screen: '/invoicing/add',
    keywords: ['factura', 'cfdi', 'timbrar', 'ingreso', 'emitir', 'receptor', 'concepto', 'pue', 'ppd'],
    steps: [
      { text: 'Antes: registra tu CSD (guía "Sube tu CSD") y a tu cliente con su razón social, código postal y régimen fiscal exactamente como en su constancia de situación fiscal.' },
      { text: 'En Facturación → Nueva factura elige al cliente; el uso del CFDI se llena con el que registraste para él y puedes cambiarlo, igual que la forma y el método de pago. Arriba ves cuántos timbres te quedan.', shot: 'invoicing-form' },
      { text: 'Pulsa "Agregar concepto" por cada producto o servicio: clave del SAT, cantidad, valor unitario, descuento e impuestos. Los totales se calculan con el redondeo del SAT.' },
      { text: 'Pulsa "Vista previa" para revisar el PDF tal como lo recibirá tu cliente.', shot: 'invoicing-preview' },
      { text: 'Pulsa "Timbrar factura". La factura queda sellada con tu CSD y timbrada; la encuentras en Ingresos, donde puedes descargar el XML y el PDF o enviarla por correo.', shot: 'incomes-list' },
    ],
  },
  {
    id: 'cancelar-factura',
    title: 'Cancela una factura (con o sin sustitución)',
    summary: 'Los cuatro motivos del SAT y cuándo necesitas el UUID de la factura que la sustituye.',
    screen: '/incomes',
    keywords: ['cancelar', 'cancelación', 'motivo', 'sustitución', '01', '02', '03', '04', 'uuid'],
    steps: [
      { text: 'Si la factura tenía errores y vas a emitir otra en su lugar, emite primero la nueva con la relación 04 (sustitución de los CFDI previos) y el UUID de la que cancelas.' },
      { text: 'En Ingresos abre el menú de acciones de la factura y elige "Cancelar factura".' },
      { text: 'Elige el motivo: 01 con relación (escribe el UUID de la que la sustituye), 02 sin relación, 03 la operación no se llevó a cabo, 04 factura global. Pulsa "Cancelar factura".' },
      { text: 'La factura queda marcada como cancelada y deja de sumar en tus estadísticas.', shot: 'incomes-after-cancel' },
    ],
  },
  {
    id: 'registrar-pago',
    title: 'Registra el pago de una factura PPD (complemento de pago)',
    summary: 'Cuando te pagan una factura en parcialidades o diferida, timbra su complemento de pago en minutos.',
    screen: '/payment-reception',
    keywords: ['pago', 'cobro', 'complemento', 'rep', 'recibo electrónico de pago', 'ppd', 'parcialidad', 'saldo', 'pagos 2.0', 'tipo p'],
    steps: [
      { text: 'Solo las facturas con método de pago PPD (pago en parcialidades o diferido) llevan complemento de pago. Emítelo a más tardar el día 5 del mes siguiente al que recibiste el dinero.' },
      { text: 'En Recepción de pagos busca la factura por cliente, RFC, UUID o folio y pulsa "Registrar pago". Escribe la fecha, la forma de pago y el monto recibido (puede ser una parte del saldo) y, si quieres, el número de operación y los datos bancarios.', shot: 'payment-reception-form' },
      { text: 'Si un mismo cliente te pagó varias facturas con una sola transferencia, marca sus casillas y pulsa "Pago a N facturas": cada una toma su saldo y el monto es la suma.', shot: 'payment-reception-multiple' },
      { text: 'Pulsa "Timbrar complemento de pago". Descarga el XML y el PDF o envíalos por correo. El saldo de la factura baja, y cuando llega a cero la encuentras en "Pagadas".', shot: 'payment-reception-paid' },
    ],
  },
  {
    id: 'importar-xml',
    title: 'Importa los XML de tus facturas recibidas',
    summary: 'Sube los XML (o un ZIP) de lo que te facturaron tus proveedores y ve tus gastos deducibles del mes.',
    screen: '/outcomes',
    keywords: ['gastos', 'egresos', 'recibidas', 'proveedor', 'xml', 'zip', 'importar', 'deducible', 'descarga masiva', 'cuentas por pagar'],
    steps: [
      { text: 'Descarga los XML de tus facturas recibidas (del portal del SAT o del correo de tus proveedores). Puedes juntarlos en un archivo ZIP.' },
      { text: 'En Gastos elige el mes y el año arriba, pulsa "Importar XML" y elige los archivos .xml o el .zip.', shot: 'outcomes-import-dialog' },
      { text: 'Pulsa "Importar": la barra avanza en vivo. Al terminar ves cuántos se importaron, cuántos ya tenías y, de los rechazados, por qué (por ejemplo, un XML dañado o que no es para tu RFC).', shot: 'outcomes-import-result' },
      { text: 'Las tarjetas del mes muestran tus gastos deducibles y no deducibles; un gasto pagado en efectivo de más de $2,000 no es deducible. Puedes marcar un gasto como deducible o no con el interruptor de su renglón, y los de pago diferido quedan en Cuentas por pagar.', shot: 'outcomes-list' },
    ],
  },
  {
    id: 'timbrar-nomina',
    title: 'Timbra la nómina de tus empleados',
    summary: 'Crea la prenómina del periodo, revisa a quién se le paga y timbra los recibos CFDI de nómina 1.2.',
    screen: '/pre-payroll',
    keywords: ['nómina', 'prenómina', 'recibo', 'empleado', 'timbrar', 'sueldo', 'quincena', 'imss', 'isr', 'registro patronal'],
    steps: [
      { text: 'Antes: sube tu CSD, registra tu registro patronal del IMSS en Perfil → Información fiscal y da de alta a tus empleados (guía "Registra a tus empleados").' },
      { text: 'En Nómina → Prenómina pulsa "Nueva prenómina", escribe la fecha inicial y final del periodo, la fecha de pago y los días pagados, y pulsa "Crear prenómina". Si no eliges empleados, entran todos los activos.', shot: 'pre-payroll-detail' },
      { text: 'Revisa el detalle: a un empleado que no debe cobrar este periodo lo deshabilitas con su botón y ya no se timbra.' },
      { text: 'Pulsa "Timbrar N recibos". La barra muestra el avance en vivo y cada empleado queda "Timbrado correctamente" o con el motivo del rechazo.', shot: 'pre-payroll-stamped' },
      { text: 'En Nómina emitida ves los recibos del mes con sus totales de percepciones, deducciones y neto.', shot: 'payroll-emitted' },
    ],
  },
  {
    id: 'leer-diot',
    title: 'Genera y lee tu DIOT',
    summary: 'La declaración informativa de operaciones con terceros, armada con tus gastos pagados del mes.',
    screen: '/statements',
    keywords: ['diot', 'terceros', 'proveedores', 'iva acreditable', 'declaración informativa', 'txt', 'acuse', 'complementaria'],
    steps: [
      { text: 'La DIOT informa al SAT, proveedor por proveedor, lo que les pagaste en el mes y el IVA que te trasladaron. Se arma con tus gastos recibidos y pagados: importa antes sus XML (guía "Importa los XML").' },
      { text: 'En Declaraciones elige el mes arriba, abre la pestaña DIOT y pulsa "Generar DIOT". Cada renglón es un proveedor: tipo de tercero/operación (04/85 es proveedor nacional, otros), base al 16 %, tasa 0 %, exento, IVA acreditable y total pagado.', shot: 'diot-first' },
      { text: 'Pulsa "Descargar archivo .txt" y cárgalo en la DIOT del portal del SAT. Después sube aquí el acuse en PDF con "Subir acuse" para tenerlo en el historial.' },
      { text: 'Si después pagas o importas otra factura del mismo mes, genera la DIOT de nuevo: verás qué proveedor cambió y en qué campo contra la anterior, para saber si presentas una complementaria.', shot: 'diot-diff' },
    ],
  },
  {
    id: 'clientes',
    title: 'Registra a tus clientes con sus datos de CFDI 4.0',
    summary: 'Razón social, código postal y régimen como en su constancia, o léelos de su PDF.',
    screen: '/clients',
    keywords: ['cliente', 'receptor', 'constancia', 'csf', 'régimen', 'código postal', 'rfc'],
    steps: [
      { text: 'En Clientes pulsa "Nuevo cliente". Si tienes su constancia de situación fiscal en PDF, súbela y llenamos los datos por ti.', shot: 'clients-04-csf-prefill' },
      { text: 'Al escribir el código postal se llenan el estado y el municipio con el catálogo del SAT.', shot: 'clients-01-new-customer-cp-lookup' },
      { text: 'Guarda. Un RFC ya registrado se rechaza con un mensaje en el campo.', shot: 'clients-03-duplicate-rfc' },
      { text: 'Busca a tus clientes por RFC o nombre en la lista.', shot: 'clients-02-list' },
      { text: 'Si un cliente aparece con "Faltan datos CFDI 4.0" (por ejemplo, su razón social lleva "SA DE CV"), pulsa el aviso o el botón "Completar datos CFDI 4.0": te decimos qué falta y proponemos la corrección. También te lo ofrecemos en la factura al elegir a ese cliente.', shot: 'clients-05-complete-v4' },
    ],
  },
  {
    id: 'productos',
    title: 'Da de alta tus productos y servicios',
    summary: 'Clave del SAT, unidad, precio e impuestos una vez, y úsalos en cada factura.',
    screen: '/products',
    keywords: ['producto', 'servicio', 'clave prodserv', 'unidad', 'iva', 'isr', 'retención', 'objeto de impuesto'],
    steps: [
      { text: 'En Productos pulsa "Nuevo producto" y busca la clave del catálogo del SAT escribiendo lo que vendes con tus palabras.', shot: 'products-01-service-search' },
      { text: 'Elige la unidad, escribe la descripción y el valor unitario, el objeto de impuesto y los traslados o retenciones que aplican.', shot: 'products-02-form' },
      { text: 'Si falta algo, cada campo te dice qué corregir.', shot: 'products-04-errors' },
      { text: 'Tus productos quedan en la lista para elegirlos al facturar.', shot: 'products-03-list' },
    ],
  },
  {
    id: 'empleados',
    title: 'Registra a tus empleados para la nómina',
    summary: 'RFC, CURP, NSS, salario y el cálculo de ISR e IMSS antes de timbrar recibos.',
    screen: '/employees',
    keywords: ['empleado', 'nómina', 'curp', 'nss', 'salario diario', 'sdi', 'imss', 'isr', 'subsidio'],
    steps: [
      { text: 'En Nómina → Empleados pulsa "Nuevo empleado" y llena sus datos personales, de contrato y de pago.', shot: 'employees-01-form' },
      { text: 'Calcula el salario diario integrado y revisa la retención de ISR y la cuota obrera del IMSS del periodo.', shot: 'employees-02-calculation' },
      { text: 'Revisa el resumen antes de guardar.', shot: 'employees-03-preview' },
      { text: 'Para timbrar nómina con un PAC, registra también tu registro patronal del IMSS en Perfil → Información fiscal.' },
    ],
  },
  {
    id: 'validar-ciec',
    title: 'Valida tu CIEC',
    summary: 'Tu contraseña del SAT, validada en segundo plano mientras sigues trabajando.',
    screen: '/dashboard/home',
    keywords: ['ciec', 'contraseña sat', 'validar', 'tablero'],
    steps: [
      { text: 'En el Tablero, en la tarjeta "Validar CIEC", escribe tu contraseña del SAT y pulsa validar. La barra avanza en vivo mientras consultamos al SAT.', shot: '10-ciec-running' },
      { text: 'Al terminar la tarjeta muestra que tu CIEC está vigente y cuándo se revisó por última vez.', shot: '11-ciec-finished' },
    ],
  },
];

/** Every shot the guides show (what `npm run tutorials:shots` writes). */
export const guideShots: ReadonlySet<string> = new Set(guides.flatMap((g) => g.steps.flatMap((s) => (s.shot ? [s.shot] : []))));

/** The public URL of a shot. */
export const shotUrl = (shot: string) => `/guides/${shot}.jpg`;

/** Lower-case without accents, so "nomina" finds "Nómina". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Guides whose title, summary, keywords or steps contain every word of `query` (accents ignored). */
export function searchGuides(query: string, list: Guide[] = guides): Guide[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return list;
  return list.filter((g) => {
    const text = fold([g.title, g.summary, ...g.keywords, ...g.steps.map((s) => s.text)].join(' '));
    return words.every((w) => text.includes(w));
  });
}
