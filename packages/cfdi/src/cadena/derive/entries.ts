import type { RuleSetEntry } from './derive-rules';

/** SAT's entry stylesheets, relative to the folder holding www.sat.gob.mx/. */
export const CADENA_ENTRIES: RuleSetEntry[] = [
  { id: 'cfdi40', path: 'www.sat.gob.mx/sitio_internet/cfd/4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt' },
  { id: 'cfdi33', path: 'www.sat.gob.mx/sitio_internet/cfd/3/cadenaoriginal_3_3/cadenaoriginal_3_3.xslt' },
  { id: 'retenciones20', path: 'www.sat.gob.mx/esquemas/retencionpago/2/retenciones.xslt' },
  { id: 'tfd11', path: 'www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt' },
  // SAT still names the contabilidad stylesheets _1_2 although they match the 1_3 namespaces.
  { id: 'conteCatalogo13', path: 'www.sat.gob.mx/esquemas/ContabilidadE/1_3/CatalogoCuentas/CatalogoCuentas_1_2.xslt' },
  { id: 'conteBalanza13', path: 'www.sat.gob.mx/esquemas/ContabilidadE/1_3/BalanzaComprobacion/BalanzaComprobacion_1_2.xslt' },
  { id: 'contePolizas13', path: 'www.sat.gob.mx/esquemas/ContabilidadE/1_3/PolizasPeriodo/PolizasPeriodo_1_2.xslt' },
  { id: 'conteAuxiliarCtas13', path: 'www.sat.gob.mx/esquemas/ContabilidadE/1_3/AuxiliarCtas/AuxiliarCtas_1_2.xslt' },
  { id: 'conteAuxiliarFolios13', path: 'www.sat.gob.mx/esquemas/ContabilidadE/1_3/AuxiliarFolios/AuxiliarFolios_1_2.xslt' },
];
