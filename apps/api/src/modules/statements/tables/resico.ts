/**
 * RESICO personas físicas (LISR art. 113-E, DOF 12-11-2021, unchanged in the LIF/Miscelánea 2025 and 2026):
 * monthly ISR = ingresos efectivamente cobrados del mes (sin IVA) × the rate of the row that holds them.
 * The rate applies to the whole month's income, it is not a marginal tariff. Rows: [monto mensual hasta, tasa].
 * Source: LISR art. 113-E (texto vigente, Cámara de Diputados, última reforma DOF 12-11-2021); the same
 * table is in force for 2025 and 2026 (no reform to art. 113-E in the Paquete Económico 2025 or 2026).
 * Art. 113-J: personas morales that pay a RESICO persona física withhold 1.25 % of the base, creditable here.
 */
export type ResicoRow = readonly [hasta: string, tasa: string];

const ART_113_E: readonly ResicoRow[] = [
  ['25000.00', '0.0100'],
  ['50000.00', '0.0110'],
  ['83333.33', '0.0150'],
  ['208333.33', '0.0200'],
  ['3500000.00', '0.0250'],
];

export const RESICO_PF_BY_YEAR: Readonly<Record<number, readonly ResicoRow[]>> = { 2025: ART_113_E, 2026: ART_113_E };

/** Annual income cap of RESICO personas físicas (art. 113-E, primer párrafo). */
export const RESICO_PF_ANNUAL_CAP = '3500000.00';
/** Art. 113-J retention by personas morales. */
export const RESICO_RETENCION = '0.0125';
