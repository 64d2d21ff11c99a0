import { describe, expect, it } from 'vitest';
import { readFixture, readFixtureText } from '../../test/fixtures';
import { qrPng } from '../qr';
import { SandboxPac } from '../stamp';
import { freshCfdi } from '../stamp/test-helpers';
import { parseXml } from '../xml';
import { pdfText } from './pdf-text-for-tests';
import { renderPdf } from './render-pdf';

const fixture = (name: string) => parseXml(readFixture('cfdi', name));
const NOMINA = `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:nomina12="http://www.sat.gob.mx/nomina12" Version="4.0" Serie="N" Folio="7" Fecha="2026-01-15T10:00:00" SubTotal="12000.00" Descuento="1800.50" Moneda="MXN" Total="10399.50" TipoDeComprobante="N" Exportacion="01" MetodoPago="PUE" LugarExpedicion="52000" NoCertificado="30001000000500003416" Sello="" Certificado="">
  <cfdi:Emisor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="XOJI740919U48" Nombre="INGRID XODAR JIMENEZ" DomicilioFiscalReceptor="76028" RegimenFiscalReceptor="605" UsoCFDI="CN01"/>
  <cfdi:Conceptos><cfdi:Concepto ClaveProdServ="84111505" Cantidad="1" ClaveUnidad="ACT" Descripcion="Pago de nómina" ValorUnitario="12000.00" Importe="12000.00" Descuento="1800.50" ObjetoImp="01"/></cfdi:Conceptos>
  <cfdi:Complemento>
    <nomina12:Nomina Version="1.2" TipoNomina="O" FechaPago="2026-01-15" FechaInicialPago="2026-01-01" FechaFinalPago="2026-01-15" NumDiasPagados="15" TotalPercepciones="11800.00" TotalDeducciones="1800.50" TotalOtrosPagos="200.00">
      <nomina12:Emisor RegistroPatronal="B5510768108"/>
      <nomina12:Receptor Curp="XOJI740919MJCDMN09" NumSeguridadSocial="12345678901" FechaInicioRelLaboral="2020-02-01" Antigüedad="P309W" TipoContrato="01" TipoRegimen="02" NumEmpleado="E-17" Departamento="Docencia" Puesto="Profesora" RiesgoPuesto="1" PeriodicidadPago="04" SalarioDiarioIntegrado="826.30" ClaveEntFed="MEX"/>
      <nomina12:Percepciones TotalSueldos="11800.00" TotalGravado="11000.00" TotalExento="800.00">
        <nomina12:Percepcion TipoPercepcion="001" Clave="P001" Concepto="Sueldo quincenal" ImporteGravado="11000.00" ImporteExento="0.00"/>
        <nomina12:Percepcion TipoPercepcion="019" Clave="P019" Concepto="Horas extra" ImporteGravado="0.00" ImporteExento="800.00"/>
      </nomina12:Percepciones>
      <nomina12:Deducciones TotalOtrasDeducciones="300.50" TotalImpuestosRetenidos="1500.00">
        <nomina12:Deduccion TipoDeduccion="002" Clave="D002" Concepto="ISR" Importe="1500.00"/>
        <nomina12:Deduccion TipoDeduccion="001" Clave="D001" Concepto="Cuota IMSS" Importe="300.50"/>
      </nomina12:Deducciones>
      <nomina12:OtrosPagos>
        <nomina12:OtroPago TipoOtroPago="002" Clave="O002" Concepto="Subsidio para el empleo" Importe="200.00"><nomina12:SubsidioAlEmpleo SubsidioCausado="250.00"/></nomina12:OtroPago>
      </nomina12:OtrosPagos>
    </nomina12:Nomina>
  </cfdi:Complemento>
</cfdi:Comprobante>`;

describe('renderPdf', () => {
  it('prints every field of a real stamped CFDI 4.0 (clásico)', async () => {
    const pdf = await renderPdf(fixture('cfdi40-real.xml'), { template: 'clasico', compress: false });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'C2832671-DA6D-11EF-A83D-00155D012007',
      'PASE, SERVICIOS ELECTRONICOS',
      'ISD950921HE5',
      'COSC8001137NA',
      '601 - General de Ley Personas Morales',
      '612 - Personas Físicas con Actividades Empresariales y Profesionales',
      'G03 - Gastos en general',
      '04 - Tarjeta de crédito',
      'PUE - Pago en una sola exhibición',
      '01 - No aplica',
      'MXN - Peso Mexicano',
      'O-52375239',
      '2025-01-24T10:10:41',
      '2025-01-24T10:10:42',
      '00001000000708361114',
      '00001000000510877575',
      'TBN040609RKA',
      'COMISION RECARGA IDMX',
      '$853.448276',
      '$1,000.00 MXN',
      'MIL PESOS 00/100 M.N.',
      '02 - Sí objeto de impuesto.',
      'Este documento es una representación impresa de un CFDI.',
    ]) {
      expect(text).toContain(expected);
    }
    const xml = readFixtureText('cfdi', 'cfdi40-real.xml');
    expect(text).toContain(/ SelloSAT="([^"]+)"/.exec(xml)![1]);
    expect(text).toContain(/ Sello="([^"]+)"/.exec(xml)![1]);
    expect(text).toContain(readFixtureText('cfdi', 'cfdi40-real.tfd-cadena.txt'));
    expect(text).not.toContain('SIN VALIDEZ FISCAL');
    // The QR image is embedded.
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('marks a sandbox stamp "SIN VALIDEZ FISCAL" (moderno) and includes a logo', async () => {
    const now = new Date();
    const stamped = await new SandboxPac().stamp(freshCfdi('created-with-discounts-40.xml', now));
    const logo = await qrPng('logo', 60);
    const pdf = await renderPdf(parseXml(stamped.xml), { template: 'moderno', logo, compress: false });
    const text = pdfText(pdf);
    expect(text).toContain(stamped.uuid);
    expect(text).toContain('SIN VALIDEZ FISCAL');
    expect(text).toContain('PAC SANDBOX - SIN VALIDEZ FISCAL');
    expect(text).toContain('TRES MIL DOSCIENTOS CUARENTA Y OCHO DÓLARES 00/100 USD');
    expect(text).toContain('Tipo de cambio: 18.9008');
    expect((Buffer.from(pdf).toString('latin1').match(/\/Subtype \/Image/g) ?? []).length).toBeGreaterThanOrEqual(2);
  });

  it('marks a preview of an unsigned document "VISTA PREVIA — SIN VALIDEZ FISCAL"', async () => {
    const text = pdfText(await renderPdf(parseXml(freshCfdi('created-with-discounts-40.xml', new Date())), { preview: true, compress: false }));
    // The em dash is WinAnsi 0x97 in the PDF; the test extractor reads it as one character either way.
    expect(text).toMatch(/VISTA PREVIA . SIN VALIDEZ FISCAL: el comprobante aún no está sellado ni timbrado\./);
    expect(text).not.toContain('comprobante sin timbrar.');
  });

  it('summarises Pagos 2.0 with saldo anterior, pagado and insoluto', async () => {
    const text = pdfText(await renderPdf(fixture('created-cfdi40-pago20-valid.xml'), { compress: false }));
    // clásico writes section titles in capitals.
    expect(text).toContain('COMPLEMENTO DE RECEPCIÓN DE PAGOS 2.0');
    expect(text).toContain('00000000-1111-2222-3333-00000000000A');
    expect(text).toContain('00000000-1111-2222-3333-00000000000B');
    expect(text).toContain('$10,000.00');
    expect(text).toContain('$3,000.00');
    expect(text).toContain('$7,000.00');
    expect(text).toContain('03 - Transferencia electrónica de fondos');
    expect(text).toContain('SIN VALIDEZ FISCAL: comprobante sin timbrar.');
  });

  it('summarises Nómina 1.2 with percepciones, deducciones, otros pagos and neto', async () => {
    const text = pdfText(await renderPdf(parseXml(NOMINA), { template: 'moderno', compress: false }));
    for (const expected of [
      'Complemento de nómina 1.2',
      '2026-01-01 al 2026-01-15',
      'XOJI740919MJCDMN09',
      'Sueldo quincenal',
      'Horas extra',
      'Cuota IMSS',
      'Subsidio para el empleo (subsidio causado 250.00)',
      '$11,800.00',
      '$1,800.50',
      'Neto a pagar: ',
      '$10,199.50',
      'DIEZ MIL TRESCIENTOS NOVENTA Y NUEVE PESOS 50/100 M.N.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('renders CFDI 3.3 and long documents over several pages', async () => {
    const text33 = pdfText(await renderPdf(fixture('cfdi33-real.xml'), { compress: false }));
    expect(text33).toContain('CFDI 3.3');
    const root = fixture('cfdi40-valid.xml');
    const conceptos = root.children.find((c) => 'local' in c && c.local === 'Conceptos');
    if (!conceptos || !('children' in conceptos)) throw new Error('fixture without Conceptos');
    const first = conceptos.children[0];
    for (let i = 0; i < 60; i++) conceptos.children.push(first);
    const text = pdfText(await renderPdf(root, { compress: false }));
    expect(text).toMatch(/Página 3 de \d/);
    // The conceptos header row repeats on each page.
    expect(text.match(/Clave prod\.\/serv\./g)!.length).toBeGreaterThanOrEqual(2);
  });

  it('compresses by default', async () => {
    const root = fixture('cfdi40-valid.xml');
    const [small, big] = await Promise.all([renderPdf(root), renderPdf(root, { compress: false })]);
    expect(small.length).toBeLessThan(big.length);
    expect(pdfText(small)).not.toContain('6F35D3B5');
  });
});
