// Run with `node --import tsx` (Playwright's loader cannot import the API's modules): argv = DATA_DIR, hours,
// UUID... → each document's stamping time moves that many hours back in the sandbox PAC's memory.
import { stampedHoursAgo } from '../../apps/api/test/sandbox-pac-clock';

const [dataDir, hours, ...uuids] = process.argv.slice(2) as [string, string, ...string[]];
for (const uuid of uuids) await stampedHoursAgo(dataDir, uuid, Number(hours));
