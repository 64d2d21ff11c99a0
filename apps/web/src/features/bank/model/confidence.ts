/** The badge colour of a proposal's confidence (0–1): green when the engine is sure, yellow when it guesses. */
export function confidenceColor(c: number): 'teal' | 'yellow' | 'orange' {
  if (c >= 0.75) return 'teal';
  if (c >= 0.5) return 'yellow';
  return 'orange';
}

/** "85 %" */
export const confidenceText = (c: number): string => `${Math.round(c * 100)} %`;
