import { describe, expect, it } from 'vitest';
import { confidenceColor, confidenceText } from './confidence';

describe('confidence badge', () => {
  it('colours and text', () => {
    expect([0.9, 0.6, 0.3].map(confidenceColor)).toEqual(['teal', 'yellow', 'orange']);
    expect(confidenceText(0.854)).toBe('85 %');
  });
});
