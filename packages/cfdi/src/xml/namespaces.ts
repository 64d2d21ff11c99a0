/**
 * Namespace URIs of the SAT documents and complements the engine reads or writes.
 * Matching is always by URI, never by prefix: a document may bind any prefix.
 */
export const NS = {
  cfdi40: 'http://www.sat.gob.mx/cfd/4',
  cfdi33: 'http://www.sat.gob.mx/cfd/3',
  tfd: 'http://www.sat.gob.mx/TimbreFiscalDigital',
  pago20: 'http://www.sat.gob.mx/Pagos20',
  pago10: 'http://www.sat.gob.mx/Pagos',
  nomina12: 'http://www.sat.gob.mx/nomina12',
  retenciones20: 'http://www.sat.gob.mx/esquemas/retencionpago/2',
  implocal: 'http://www.sat.gob.mx/implocal',
  cce20: 'http://www.sat.gob.mx/ComercioExterior20',
  cartaporte31: 'http://www.sat.gob.mx/CartaPorte31',
  ine: 'http://www.sat.gob.mx/ine',
  leyendasFisc: 'http://www.sat.gob.mx/leyendasFiscales',
  divisas: 'http://www.sat.gob.mx/divisas',
  donat: 'http://www.sat.gob.mx/donat',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  xml: 'http://www.w3.org/XML/1998/namespace',
  xmlns: 'http://www.w3.org/2000/xmlns/',
} as const;

/** Conventional `xsi:schemaLocation` entries (namespace → XSD URL) for documents we emit. */
export const SCHEMA_LOCATION = {
  cfdi40: 'http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd',
  cfdi33: 'http://www.sat.gob.mx/sitio_internet/cfd/3/cfdv33.xsd',
  tfd: 'http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd',
  pago20: 'http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd',
  nomina12: 'http://www.sat.gob.mx/sitio_internet/cfd/nomina/nomina12.xsd',
  retenciones20: 'http://www.sat.gob.mx/esquemas/retencionpago/2/retencionpagov2.xsd',
} as const;
