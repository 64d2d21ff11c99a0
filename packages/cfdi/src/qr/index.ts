export { verificationUrl, formatTotal18x6, formatTotal10x6, SAT_VERIFICATION_BASE } from './verification-url';
export type { VerificationUrlInput, VerificationUrlOptions } from './verification-url';
export { qrPng, qrDataUrl, qrSvg } from './qr-image';
