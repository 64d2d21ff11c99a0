// Run with `node --import tsx` (the engine's catalogs are JSON modules, which Playwright's loader cannot import):
// argv = out.xml, receptor RFC, FechaExp → writes the repo's Retenciones 2.0 fixture made the receptor's (sealed
// with the SAT test CSD, sandbox-stamped) and prints its UUID.
import { writeFileSync } from 'node:fs';
import { receivedRetention } from '../../apps/api/src/modules/retentions/retention-fixture.test-support';

const [file, receptorRfc, fechaExp] = process.argv.slice(2) as [string, string, string];
const doc = await receivedRetention({ receptorRfc, fechaExp });
writeFileSync(file, doc.xml);
process.stdout.write(doc.uuid);
