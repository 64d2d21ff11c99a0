/**
 * SAT port: what the product asks of SAT's web services. The portal cannot be reached from this
 * environment, so the default is a local gateway that recognises SAT's published test taxpayers and
 * says plainly that it validated locally.
 */
export interface SatGateway {
  kind: 'local';
  validateCiec(rfc: string, ciec: string): Promise<{ valid: boolean; message: string }>;
  /**
   * SAT's status of a CSD / e.firma (its LCO / certificate registry): `active` false when SAT revoked
   * it; `confirmed` false when SAT could not be asked (the local adapter outside the test RFCs).
   */
  certificateStatus(rfc: string, noCertificado: string): Promise<{ confirmed: boolean; active: boolean; message: string }>;
}

/** RFCs of SAT's public test material (CSD/e.firma kits and Anexo 20 samples). */
export const SAT_TEST_RFCS = new Set([
  'EKU9003173C9', 'XOJI740919U48', 'XIA190128J61', 'IIA040805DZ4', 'KIJ0906199R1', 'CACX7605101P8',
  'MISC491214B86', 'FUNK671228PH6', 'WATM640917J45', 'WERX631016S30', 'XAMA620210DQ5', 'IXS7607092R5',
]);

const LOCAL_NOTE = 'validación local: el portal del SAT no es accesible desde este entorno';

export function localSatGateway(opts: { latencyMs?: number } = {}): SatGateway {
  const wait = () => new Promise((r) => setTimeout(r, opts.latencyMs ?? 0));
  return {
    kind: 'local',
    async validateCiec(rfc, ciec) {
      await wait();
      if (!/^[A-Za-z0-9]{8,}$/.test(ciec)) {
        return { valid: false, message: `La CIEC debe tener al menos 8 letras o números (${LOCAL_NOTE})` };
      }
      if (!SAT_TEST_RFCS.has(rfc)) {
        return { valid: false, message: `No se pudo confirmar la CIEC de ${rfc}: el adaptador local solo reconoce los RFC de prueba del SAT (${LOCAL_NOTE})` };
      }
      return { valid: true, message: `CIEC de ${rfc} aceptada (${LOCAL_NOTE})` };
    },
    async certificateStatus(rfc, noCertificado) {
      await wait();
      if (!SAT_TEST_RFCS.has(rfc)) {
        return { confirmed: false, active: true, message: `No se pudo consultar en el SAT el estado del certificado ${noCertificado} (${LOCAL_NOTE})` };
      }
      return { confirmed: true, active: true, message: `Certificado ${noCertificado} de prueba del SAT activo (${LOCAL_NOTE})` };
    },
  };
}
