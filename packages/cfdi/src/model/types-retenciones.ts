import type { XmlElement } from '../xml';
import type { TimbreFiscalDigital } from './types-cfdi';

/** Retenciones e información de pagos 2.0 (own root element), typed view. */
export interface Retenciones {
  version: string;
  folioInt?: string;
  sello?: string;
  noCertificado?: string;
  certificado?: string;
  fechaExp: string;
  lugarExpRetenc: string;
  cveRetenc: string;
  descRetenc?: string;
  cfdiRetenRelacionados?: { tipoRelacion: string; uuid: string };
  emisor: { rfcE: string; nomDenRazSocE?: string; regimenFiscalE: string };
  receptor: RetencionesReceptor;
  periodo: { mesIni: string; mesFin: string; ejercicio: string };
  totales: RetencionesTotales;
  complementos: XmlElement[];
  timbre?: TimbreFiscalDigital;
  addenda?: XmlElement;
}

export type RetencionesReceptor =
  | { nacionalidadR: 'Nacional'; rfcR: string; nomDenRazSocR: string; curpR?: string; domicilioFiscalR: string }
  | { nacionalidadR: 'Extranjero'; numRegIdTribR?: string; nomDenRazSocR: string };

export interface ImpRetenido {
  baseRet?: string;
  impuestoRet?: string;
  montoRet: string;
  tipoPagoRet: string;
}

export interface RetencionesTotales {
  montoTotOperacion: string;
  montoTotGrav: string;
  montoTotExent: string;
  montoTotRet: string;
  utilidadBimestral?: string;
  isrCorrespondiente?: string;
  impRetenidos: ImpRetenido[];
}
