// The port is types only and public as a whole: re-export it entire so the list cannot drift.
export type * from './port';
export { PacError, pacError, type PacErrorKind, type PacIssue } from './errors';
export { buildTfd, findTfd, insertTfd, type TfdFields } from './tfd';
export { fromMexicoCityLocal, toMexicoCityLocal } from './mexico-time';
export { buildSandboxAcuse, verifySandboxAcuse, type AcuseFolio, type VerifiedAcuse } from './sandbox/acuse';
export { SandboxPac, SANDBOX_LEYENDA, type SandboxPacOptions, type SandboxValidator } from './sandbox/sandbox-pac';
export { MemorySandboxStore, type SandboxStore } from './sandbox/store';
export { SANDBOX_PAC_RFC, loadSandboxCredentials, noCertificadoOf, type SandboxCredentials } from './sandbox/credentials';
export { checkDocumentForStamping } from './sandbox/document-checks';
export { satRulesValidator } from './sandbox/sat-rules-validator';
export { esCancelable, totalEnPesos, type CancellationFacts } from './sandbox/cancellation-rules';
export { FinkokPac, FINKOK_ENDPOINTS, isRetencionesXml, type FinkokEndpoints, type FinkokPacOptions, type FinkokCancelCsd } from './finkok/finkok-pac';
