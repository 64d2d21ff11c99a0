import { NS, SCHEMA_LOCATION, isElement, type XmlElement } from '../xml';
import { fixed, sum } from '../money';
import { checkFecha } from './fecha';
import { attr, child, compact, declareComplements, kids, node, req, type ExtraComplement } from './xml-util';
import { readTimbre } from './read-complements';
import { CfdiReadError } from './read-cfdi';
import type { ImpRetenido, Retenciones, RetencionesReceptor } from './types-retenciones';

const R = NS.retenciones20;
const P = 'retenciones';

export interface Retenciones20Input {
  folioInt?: string;
  noCertificado?: string;
  certificado?: string;
  sello?: string;
  /** "YYYY-MM-DDTHH:mm:ss". */
  fechaExp: string;
  lugarExpRetenc: string;
  cveRetenc: string;
  /** Required by SAT when CveRetenc is 25 (otro tipo de retenciones). */
  descRetenc?: string;
  cfdiRetenRelacionados?: { tipoRelacion: string; uuid: string };
  emisor: Retenciones['emisor'];
  receptor: RetencionesReceptor;
  periodo: Retenciones['periodo'];
  montoTotGrav: string;
  montoTotExent: string;
  /** Defaults to MontoTotGrav + MontoTotExent. */
  montoTotOperacion?: string;
  utilidadBimestral?: string;
  isrCorrespondiente?: string;
  impRetenidos: ImpRetenido[];
  complementos?: ExtraComplement[];
  addenda?: XmlElement[];
}

/**
 * Builds a Retenciones 2.0 document (its own root, retencionpagov2.xsd order) with MontoTotRet
 * computed as Σ MontoRet and MontoTotOperacion defaulting to gravado + exento. Unsealed.
 */
export function buildRetenciones20(input: Retenciones20Input): XmlElement {
  checkFecha(input.fechaExp, 'FechaExp');
  const money = (v: string) => fixed(v, 2);
  const montoTotRet = sum(input.impRetenidos.map((i) => i.montoRet));
  const operacion = input.montoTotOperacion ?? sum([input.montoTotGrav, input.montoTotExent]).toFixed();
  const r = input.receptor;
  const locations: string[] = [R, SCHEMA_LOCATION.retenciones20];
  const nsDecls: Record<string, string> = { retenciones: R, xsi: NS.xsi };
  declareComplements(input.complementos ?? [], nsDecls, locations);

  const rel = input.cfdiRetenRelacionados;
  const root = node(
    P,
    R,
    'Retenciones',
    [
      ['xsi:schemaLocation', locations.join(' ')],
      ['Version', '2.0'],
      ['FolioInt', input.folioInt],
      ['Sello', input.sello],
      ['NoCertificado', input.noCertificado],
      ['Certificado', input.certificado],
      ['FechaExp', input.fechaExp],
      ['LugarExpRetenc', input.lugarExpRetenc],
      ['CveRetenc', input.cveRetenc],
      ['DescRetenc', input.descRetenc],
    ],
    [
      rel && node(P, R, 'CfdiRetenRelacionados', [['TipoRelacion', rel.tipoRelacion], ['UUID', rel.uuid]]),
      node(P, R, 'Emisor', [['RfcE', input.emisor.rfcE], ['NomDenRazSocE', input.emisor.nomDenRazSocE], ['RegimenFiscalE', input.emisor.regimenFiscalE]]),
      node(
        P,
        R,
        'Receptor',
        [['NacionalidadR', r.nacionalidadR]],
        [
          r.nacionalidadR === 'Nacional'
            ? node(P, R, 'Nacional', [['RfcR', r.rfcR], ['NomDenRazSocR', r.nomDenRazSocR], ['CurpR', r.curpR], ['DomicilioFiscalR', r.domicilioFiscalR]])
            : node(P, R, 'Extranjero', [['NumRegIdTribR', r.numRegIdTribR], ['NomDenRazSocR', r.nomDenRazSocR]]),
        ],
      ),
      node(P, R, 'Periodo', [['MesIni', input.periodo.mesIni], ['MesFin', input.periodo.mesFin], ['Ejercicio', input.periodo.ejercicio]]),
      node(
        P,
        R,
        'Totales',
        [
          ['MontoTotOperacion', money(operacion)],
          ['MontoTotGrav', money(input.montoTotGrav)],
          ['MontoTotExent', money(input.montoTotExent)],
          ['MontoTotRet', fixed(montoTotRet, 2)],
          ['UtilidadBimestral', input.utilidadBimestral],
          ['ISRCorrespondiente', input.isrCorrespondiente],
        ],
        input.impRetenidos.map((i) =>
          node(P, R, 'ImpRetenidos', [['BaseRet', i.baseRet], ['ImpuestoRet', i.impuestoRet], ['MontoRet', money(i.montoRet)], ['TipoPagoRet', i.tipoPagoRet]]),
        ),
      ),
      !!input.complementos?.length && node(P, R, 'Complemento', [], input.complementos.map((c) => c.element)),
      !!input.addenda?.length && node(P, R, 'Addenda', [], input.addenda),
    ],
  );
  for (const [prefix, uri] of Object.entries(nsDecls)) root.nsDecls.set(prefix, uri);
  return root;
}

/**
 * Reads a Retenciones 2.0 document into a typed view (complements other than the TFD kept as XmlElement).
 * @throws CfdiReadError when the root is not retenciones:Retenciones 2.0
 */
export function readRetenciones(root: XmlElement): Retenciones {
  if (root.local !== 'Retenciones' || root.ns !== R) {
    throw new CfdiReadError('El XML no es un CFDI de retenciones 2.0');
  }
  const emisor = child(root, 'Emisor');
  const receptor = child(root, 'Receptor');
  const periodo = child(root, 'Periodo');
  const totales = child(root, 'Totales');
  if (!emisor || !receptor || !periodo || !totales) throw new CfdiReadError('Al CFDI de retenciones le faltan nodos requeridos');
  const nacional = child(receptor, 'Nacional');
  const extranjero = child(receptor, 'Extranjero');
  const rel = child(root, 'CfdiRetenRelacionados');
  const complementos = kids(root, 'Complemento').flatMap((c) => c.children.filter(isElement));
  const tfd = complementos.find((c) => c.ns === NS.tfd && c.local === 'TimbreFiscalDigital');
  const receptorView: RetencionesReceptor = nacional
    ? compact({
        nacionalidadR: 'Nacional',
        rfcR: req(nacional, 'RfcR').toUpperCase(),
        nomDenRazSocR: req(nacional, 'NomDenRazSocR'),
        curpR: attr(nacional, 'CurpR'),
        domicilioFiscalR: req(nacional, 'DomicilioFiscalR'),
      })
    : compact({
        nacionalidadR: 'Extranjero',
        numRegIdTribR: extranjero && attr(extranjero, 'NumRegIdTribR'),
        nomDenRazSocR: extranjero ? req(extranjero, 'NomDenRazSocR') : '',
      });
  return compact({
    version: req(root, 'Version'),
    folioInt: attr(root, 'FolioInt'),
    sello: attr(root, 'Sello'),
    noCertificado: attr(root, 'NoCertificado'),
    certificado: attr(root, 'Certificado'),
    fechaExp: req(root, 'FechaExp'),
    lugarExpRetenc: req(root, 'LugarExpRetenc'),
    cveRetenc: req(root, 'CveRetenc'),
    descRetenc: attr(root, 'DescRetenc'),
    cfdiRetenRelacionados: rel && { tipoRelacion: req(rel, 'TipoRelacion'), uuid: req(rel, 'UUID').toUpperCase() },
    emisor: compact({ rfcE: req(emisor, 'RfcE').toUpperCase(), nomDenRazSocE: attr(emisor, 'NomDenRazSocE'), regimenFiscalE: req(emisor, 'RegimenFiscalE') }),
    receptor: receptorView,
    periodo: { mesIni: req(periodo, 'MesIni'), mesFin: req(periodo, 'MesFin'), ejercicio: req(periodo, 'Ejercicio') },
    totales: compact({
      montoTotOperacion: req(totales, 'MontoTotOperacion'),
      montoTotGrav: req(totales, 'MontoTotGrav'),
      montoTotExent: req(totales, 'MontoTotExent'),
      montoTotRet: req(totales, 'MontoTotRet'),
      utilidadBimestral: attr(totales, 'UtilidadBimestral'),
      isrCorrespondiente: attr(totales, 'ISRCorrespondiente'),
      impRetenidos: kids(totales, 'ImpRetenidos').map((i) =>
        compact({ baseRet: attr(i, 'BaseRet'), impuestoRet: attr(i, 'ImpuestoRet'), montoRet: req(i, 'MontoRet'), tipoPagoRet: req(i, 'TipoPagoRet') }),
      ),
    }),
    complementos,
    timbre: tfd && readTimbre(tfd),
    addenda: child(root, 'Addenda'),
  });
}
