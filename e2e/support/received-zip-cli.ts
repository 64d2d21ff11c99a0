// Run with `node --import tsx` (the engine's catalogs are JSON modules, which Playwright's loader cannot import):
// argv = out.zip, receptor RFC, JSON documents, JSON extra entries → prints the documents' {name, uuid} as JSON.
import { writeFileSync } from 'node:fs';
import { stampedReceived, type ReceivedOptions } from '../../apps/api/test/received-cfdis';
import { writeZip } from '../../apps/api/src/modules/cfdi-import/zip-writer';

const [file, receptorRfc, docsJson, extraJson] = process.argv.slice(2) as [string, string, string, string];
const docs = JSON.parse(docsJson) as { name: string; options: Omit<ReceivedOptions, 'receptorRfc'> }[];
const extra = JSON.parse(extraJson) as { name: string; data: string }[];
const out: { name: string; uuid: string; xml: string }[] = [];
for (const d of docs) out.push({ name: d.name, ...(await stampedReceived({ receptorRfc, ...d.options })) });
writeFileSync(file, writeZip([...out.map((d) => ({ name: d.name, data: d.xml })), ...extra]));
process.stdout.write(JSON.stringify(out.map(({ name, uuid }) => ({ name, uuid }))));
