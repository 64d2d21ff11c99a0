export { verifyCfdi } from './verify-cfdi';
export type { CheckId, CheckStatus, VerificationCheck, VerificationResult, VerifyOptions } from './verify-cfdi';
export { bundledPacCertificates, findPacCertificate, isSandboxPacCertificate } from './pac-certificates';
export type { PacCertificateInput } from './pac-certificates';
export { formatVerification } from './format';
