/**
 * Generates SAT's catCFDI.xsd (namespace http://www.sat.gob.mx/sitio_internet/cfd/catalogos) from the
 * catalogs shipped in src/catalogs, so XSD validation works offline with real enumerations.
 *
 *   npx tsx packages/cfdi/scripts/generate-cat-xsd.ts
 *
 * SAT's own catCFDI.xsd is over 4 MiB, mostly c_ClaveProdServ (52k claves) and c_CodigoPostal (95k).
 * Those two become patterns here ([0-9]{8}, [0-9]{5}); the rules layer checks membership against the
 * server-side catalogs (CFDI40162, CFDI40126, …). Every other c_* type the SAT schemas reference is a
 * real xs:enumeration. Re-run after the catalogs are rebuilt for a new SAT release.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCatalog, type CatalogName } from '../src/catalogs';

const OUT = fileURLToPath(
  new URL('../src/validate/xsd/www.sat.gob.mx/sitio_internet/cfd/catalogos/catCFDI.xsd', import.meta.url),
);

/**
 * Claves no longer in the 4.0 catalogs that CFDI 3.3 documents (still received and validated) carry,
 * with SAT's catCFDI listing them for that reason: UsoCFDI P01 "Por definir" (3.3 only),
 * TipoRelacion 08/09 (3.3 addenda to c_TipoRelacion for pagos en parcialidades / diferidos).
 */
const LEGACY_33: Partial<Record<CatalogName, string[]>> = {
  c_UsoCFDI: ['P01'],
  c_TipoRelacion: ['08', '09'],
};

/** Every c_* simple type referenced by cfdv40, cfdv33, Pagos20, nomina12 and retencionpagov2. */
const ENUMERATED: CatalogName[] = [
  'c_ClaveUnidad',
  'c_Estado',
  'c_Exportacion',
  'c_FormaPago',
  'c_Impuesto',
  'c_Meses',
  'c_MetodoPago',
  'c_Moneda',
  'c_ObjetoImp',
  'c_Pais',
  'c_Periodicidad',
  'c_RegimenFiscal',
  'c_TipoDeComprobante',
  'c_TipoFactor',
  'c_TipoRelacion',
  'c_UsoCFDI',
];

const PATTERNS: Record<string, string> = {
  c_ClaveProdServ: '[0-9]{8}',
  c_CodigoPostal: '[0-9]{5}',
};

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function enumeratedType(name: CatalogName): string {
  const claves = new Set(getCatalog(name).map((e) => e.clave));
  for (const legacy of LEGACY_33[name] ?? []) claves.add(legacy);
  if (claves.size === 0) throw new Error(`El catálogo ${name} está vacío; no se puede generar catCFDI.xsd`);
  const values = [...claves].sort().map((c) => `      <xs:enumeration value="${escapeXml(c)}"/>`);
  return `  <xs:simpleType name="${name}">
    <xs:restriction base="xs:string">
      <xs:whiteSpace value="collapse"/>
${values.join('\n')}
    </xs:restriction>
  </xs:simpleType>`;
}

function patternType(name: string, pattern: string): string {
  return `  <xs:simpleType name="${name}">
    <xs:annotation><xs:documentation>Solo patrón: la pertenencia al catálogo se valida en las reglas (catálogo del servidor).</xs:documentation></xs:annotation>
    <xs:restriction base="xs:string">
      <xs:whiteSpace value="collapse"/>
      <xs:pattern value="${pattern}"/>
    </xs:restriction>
  </xs:simpleType>`;
}

const types = [
  ...ENUMERATED.map(enumeratedType),
  ...Object.entries(PATTERNS).map(([name, pattern]) => patternType(name, pattern)),
];

const xsd = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generado por packages/cfdi/scripts/generate-cat-xsd.ts a partir de src/catalogs. No editar a mano. -->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.sat.gob.mx/sitio_internet/cfd/catalogos" elementFormDefault="qualified" attributeFormDefault="unqualified">
${types.join('\n')}
</xs:schema>
`;

mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(OUT, xsd);
console.log(`catCFDI.xsd: ${types.length} tipos, ${(xsd.length / 1024).toFixed(0)} KiB → ${OUT}`);
