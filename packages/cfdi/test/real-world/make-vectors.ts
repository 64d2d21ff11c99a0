/**
 * Writes test/real-world/vectors: CFDI written the way real issuers and desktop tools write them
 * (other prefixes, default namespace, CRLF, BOM, ISO-8859-1 bytes, comments, char refs, foreign
 * addenda…), each with the cadena real xsltproc gives with SAT's stylesheet. Needs xsltproc
 * (apt-get install -y xsltproc) and fixtures/sat-xml; CI only reads the committed output.
 *
 *   npx tsx packages/cfdi/test/real-world/make-vectors.ts [satXmlRoot]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fixturePath } from '../fixtures';

const here = import.meta.dirname;
const out = path.join(here, 'vectors');
const sat = process.argv[2] ?? fixturePath('sat-xml');
const cfd = path.join(sat, 'www.sat.gob.mx/sitio_internet/cfd');
const SHEET = {
  cfdi40: path.join(cfd, '4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt'),
  cfdi33: path.join(cfd, '3/cadenaoriginal_3_3/cadenaoriginal_3_3.xslt'),
};

const real40 = readFileSync(fixturePath('cfdi', 'cfdi40-real.xml'), 'utf8');
const real33 = readFileSync(fixturePath('cfdi', 'cfdi33-real.xml'), 'utf8');
const decl = /^<\?xml[^>]*\?>\s*/;

/** name → [sheet, bytes]. The variants are what we have seen tools do to a CFDI on its way to us. */
const variants: Record<string, [keyof typeof SHEET, Buffer]> = {};
const add = (name: string, sheet: keyof typeof SHEET, xml: string | Buffer) => {
  variants[name] = [sheet, typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml];
};

add('cfdi40-default-namespace', 'cfdi40', real40.replace(/cfdi:/g, '').replace('xmlns:cfdi=', 'xmlns='));
add('cfdi40-prefijo-cfdi4', 'cfdi40', real40.replace(/(<\/?)cfdi:/g, '$1cfdi4:').replace('xmlns:cfdi=', 'xmlns:cfdi4='));
add('cfdi40-crlf-tabs', 'cfdi40', real40.replace(/\n/g, '\r\n').replace(/></g, '>\r\n\t\t<'));
add(
  'cfdi40-espacios-en-atributos',
  'cfdi40',
  real40.replace('COMISION RECARGA IDMX', 'COMISION\tRECARGA\r\n  IDMX ').replace('CARLOS CORTES SOTO', '  CARLOS\n\nCORTES   SOTO'),
);
add(
  'cfdi40-referencias-de-caracter',
  'cfdi40',
  real40.replace('COMISION RECARGA IDMX', 'COMISION&#xD;RECARGA&#10;IDMX&#9;&#x41;&#209;').replace('RECARGA IDMX"', 'RECARGA&#13;&#10;IDMX&#160;"'),
);
add('cfdi40-bom-utf8-minusculas', 'cfdi40', '\uFEFF' + real40.replace(decl, '<?xml version="1.0" encoding="utf-8"?>\r\n'));
add(
  'cfdi40-comentarios-pi',
  'cfdi40',
  real40
    .replace(decl, '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!-- generado por ERP -->\n<?xml-stylesheet href="x.xsl"?>\n')
    .replace('<cfdi:Emisor', '<!-- emisor --><?erp id="1"?><cfdi:Emisor')
    .replace('</cfdi:Conceptos>', '<!-- fin --></cfdi:Conceptos>')
    .replace(/<\/cfdi:Comprobante>\s*$/, '</cfdi:Comprobante>\n<!-- despues -->\n'),
);
add(
  'cfdi40-xmlns-internos',
  'cfdi40',
  real40
    .replace('<cfdi:Emisor ', '<cfdi:Emisor xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:otro="urn:otro" otro:dato="x" ')
    .replace('<cfdi:Conceptos>', '<c:Conceptos xmlns:c="http://www.sat.gob.mx/cfd/4">')
    .replace('</cfdi:Conceptos>', '</c:Conceptos>'),
);
add(
  'cfdi40-addenda-ajena',
  'cfdi40',
  real40.replace(
    /<\/cfdi:Comprobante>\s*$/,
    '<cfdi:Addenda><ps:Requerimiento xmlns:ps="http://www.proveedor.example/addenda" Orden="PO-1"><ps:Linea n="1">texto libre &amp; más</ps:Linea>' +
      '<cfdi:Concepto Importe="999.99"><cfdi:InformacionAduanera NumeroPedimento="21 47 3807 8003832"/></cfdi:Concepto>' +
      '<![CDATA[<cualquier>cosa]]></ps:Requerimiento></cfdi:Addenda></cfdi:Comprobante>',
  ),
);
// An ERP that re-saved the file as ISO-8859-1 and said so in the declaration.
add(
  'cfdi40-iso-8859-1',
  'cfdi40',
  Buffer.from(
    real40.replace(decl, '<?xml version="1.0" encoding="ISO-8859-1"?>\n').replace('CARLOS CORTES SOTO', 'CARLOS CORTÉS SOTO Ñ'),
    'latin1',
  ),
);
add('cfdi33-prefijo-y-crlf', 'cfdi33', real33.replace(/(<\/?)cfdi:/g, '$1c:').replace('xmlns:cfdi=', 'xmlns:c=').replace(/\n/g, '\r\n'));
add('cfdi33-default-namespace', 'cfdi33', real33.replace(/(<\/?)cfdi:/g, '$1').replace('xmlns:cfdi=', 'xmlns='));

let n = 0;
for (const [name, [sheet, bytes]] of Object.entries(variants)) {
  const xmlPath = path.join(out, `${name}.xml`);
  writeFileSync(xmlPath, bytes);
  const cadena = execFileSync('xsltproc', ['--nonet', SHEET[sheet], xmlPath], { stdio: ['ignore', 'pipe', 'ignore'] });
  writeFileSync(path.join(out, `${name}.cadena.txt`), cadena);
  n++;
}
console.log(`${n} vectores escritos con xsltproc en ${out}`);
