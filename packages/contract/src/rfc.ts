/** The engine's RFC module is the one source of truth; the contract re-exports it for the web and API. */
export {
  RFC_EXTRANJERO, RFC_PUBLICO_GENERAL, isValidRfc, normalizeRfc, personaFromRfc, rfcCheckDigit, rfcMessages,
  rfcProblem, withCheckDigit, type RfcPersona as Persona, type RfcProblem,
} from '@facturo/cfdi/rfc';
