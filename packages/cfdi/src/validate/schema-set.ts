import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { XmlDocument, XsdValidator, xmlRegisterInputProvider, openBuffer, readBuffer, closeBuffer, type XmlInputProvider } from 'libxml2-wasm';

/**
 * One compiled set of SAT schemas: every `.xsd` under `dir` is served from memory under `virtualRoot` (so
 * their relative imports resolve offline and nothing is read from disk or the network while validating), and
 * a wrapper schema imports the entry schemas. Used by the CFDI validator (./xsd.ts) and the contabilidad
 * electrónica one (../contabilidad/xsd.ts), each with its own root so the sets never see each other's files.
 */
export interface SchemaSet {
  validator: XsdValidator;
  /** Target namespaces of every loaded schema. */
  namespaces: Set<string>;
}

function listXsdFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listXsdFiles(path.join(dir, entry.name), rel);
    return entry.name.endsWith('.xsd') ? [rel] : [];
  });
}

/** Serves the shipped XSDs from memory, normalising `..` in resolved paths. */
function memoryProvider(files: Map<string, Uint8Array>): XmlInputProvider {
  const key = (filename: string): string => path.posix.normalize(filename.replace(/^file:\/\//, ''));
  return {
    match: (filename) => files.has(key(filename)),
    open: (filename) => {
      const buffer = files.get(key(filename));
      return buffer ? openBuffer(buffer) : undefined;
    },
    read: (fd, buffer) => readBuffer(fd, buffer),
    close: (fd) => {
      closeBuffer(fd);
      return true;
    },
  };
}

const targetNamespace = (bytes: Uint8Array): string | undefined => /targetNamespace="([^"]+)"/.exec(new TextDecoder().decode(bytes))?.[1];

export function compileSchemaSet(opts: { dir: string; virtualRoot: string; entries: string[]; wrapperNamespace: string }): SchemaSet {
  const files = new Map<string, Uint8Array>();
  const namespaces = new Set<string>();
  for (const rel of listXsdFiles(opts.dir)) {
    const bytes = readFileSync(path.join(opts.dir, rel));
    files.set(opts.virtualRoot + rel, bytes);
    const ns = targetNamespace(bytes);
    if (ns) namespaces.add(ns);
  }
  xmlRegisterInputProvider(memoryProvider(files));
  const imports = opts.entries.map((rel) => {
    const bytes = files.get(opts.virtualRoot + rel);
    const ns = bytes && targetNamespace(bytes);
    if (!ns) throw new Error(`XSD sin targetNamespace: ${rel}`);
    return `<xs:import namespace="${ns}" schemaLocation="${rel}"/>`;
  });
  const wrapper = XmlDocument.fromString(
    `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="${opts.wrapperNamespace}" elementFormDefault="qualified">
${imports.join('\n')}
</xs:schema>`,
    { url: `${opts.virtualRoot}wrapper.xsd` },
  );
  try {
    return { validator: XsdValidator.fromDoc(wrapper), namespaces };
  } finally {
    wrapper.dispose();
  }
}
