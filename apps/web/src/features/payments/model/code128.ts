/**
 * Code 128 set C (digit pairs), the barcode an OXXO cashier scans from the voucher's reference (issue 25 §4).
 * Each symbol is six bar/space widths summing 11 modules; the stop symbol has seven (13 modules).
 */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232',
] as const;
export const CODE128_PATTERNS: readonly string[] = PATTERNS;
const START_C = 105;
const STOP = '2331112';

/** The symbol values of a digit string in set C: start, pairs, checksum (mod 103). */
export function code128cValues(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits)) throw new Error('Code 128 C codifica un número par de dígitos');
  const pairs = digits.match(/\d\d/g)!.map(Number);
  const check = pairs.reduce((sum, v, i) => sum + v * (i + 1), START_C) % 103;
  return [START_C, ...pairs, check];
}

/** Bars as [x, width] in modules (spaces are the gaps), and the total width in modules. */
export function code128cBars(digits: string): { bars: [number, number][]; width: number } {
  const widths = [...code128cValues(digits).map((v) => PATTERNS[v]!), STOP].join('').split('').map(Number);
  const bars: [number, number][] = [];
  let x = 0;
  widths.forEach((w, i) => {
    if (i % 2 === 0) bars.push([x, w]);
    x += w;
  });
  return { bars, width: x };
}
