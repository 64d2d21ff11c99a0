// Test support (not a test file): the repo's Retenciones 2.0 fixture (fixtures/cfdi/retenciones/retenciones20.xml,
// issued by SAT's test taxpayer EKU9003173C9 with a dividendos complement) made into a constancia RECEIVED by an
// account: receptor Nacional with the account's RFC, an ISR and an IVA ImpRetenidos, re-dated, sealed with the
// test CSD and stamped by the sandbox PAC — a document the import verifies like a real one.
import { loadCredential, type Credential } from '@facturo/cfdi/credentials';
import { sealRetenciones } from '@facturo/cfdi/seal';
import { SandboxPac } from '@facturo/cfdi/stamp';
import { NS, el, findChild, isElement, parseXml, writeXml } from '@facturo/cfdi/xml';
import { readFixture } from '../../../../../packages/cfdi/test/fixtures';

let credential: Credential | undefined;
const csd = (now: Date) =>
  (credential ??= loadCredential(
    { cer: readFixture('certs', 'csd', 'EKU9003173C9.cer'), key: readFixture('certs', 'csd', 'EKU9003173C9.key'), password: '12345678a' },
    { purpose: 'sello', now },
  ));

export interface ReceivedRetentionOptions {
  receptorRfc: string;
  /** FechaExp, Mexico City local time. */
  fechaExp?: string;
  isr?: string;
  iva?: string;
  /** CveRetenc (the fixture's is 14, dividendos); 26 is plataformas tecnológicas. */
  cveRetenc?: string;
}

/** The fixture as received by `receptorRfc`, sealed and stamped; with its UUID. */
export async function receivedRetention(o: ReceivedRetentionOptions): Promise<{ xml: string; uuid: string }> {
  const fechaExp = o.fechaExp ?? '2026-10-15T10:00:00';
  const root = parseXml(readFixture('cfdi', 'retenciones', 'retenciones20.xml'));
  const R = NS.retenciones20;
  root.attrs.set('FechaExp', fechaExp);
  if (o.cveRetenc) root.attrs.set('CveRetenc', o.cveRetenc);
  root.children = root.children.filter((c) => !(isElement(c) && c.local === 'CfdiRetenRelacionados'));
  const receptor = findChild(root, R, 'Receptor')!;
  receptor.attrs.set('NacionalidadR', 'Nacional');
  receptor.children = [el('retenciones:Nacional', R, { RfcR: o.receptorRfc, NomDenRazSocR: 'JUANA PEREZ NUNEZ', DomicilioFiscalR: '06600' })];
  const totales = findChild(root, R, 'Totales')!;
  const isr = o.isr ?? '200.00';
  const iva = o.iva ?? '150.00';
  totales.children = [
    el('retenciones:ImpRetenidos', R, { BaseRet: '2000.00', ImpuestoRet: '001', MontoRet: isr, TipoPagoRet: '04' }),
    el('retenciones:ImpRetenidos', R, { BaseRet: '1000.00', ImpuestoRet: '002', MontoRet: iva, TipoPagoRet: '01' }),
  ];
  totales.attrs.set('MontoTotRet', (Number(isr) + Number(iva)).toFixed(2));
  const at = new Date(new Date(`${fechaExp}-06:00`).getTime() + 3_600_000);
  const sealed = writeXml(sealRetenciones(root, csd(at), { now: at }));
  const stamped = await new SandboxPac({ clock: () => at }).stamp(sealed);
  return { xml: stamped.xml, uuid: stamped.uuid.toUpperCase() };
}
