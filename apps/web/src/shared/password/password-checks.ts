import { PASSWORD_MAX, PASSWORD_MIN } from '@facturo/contract';

export type PasswordRule = 'length' | 'upper' | 'lower' | 'digit' | 'special';

/**
 * Live checklist of the §5 password rules (the contract's passwordSchema is what
 * validates on submit; this only tells the user which rules are met while typing).
 */
export function passwordChecks(value: string): Record<PasswordRule, boolean> {
  return {
    length: value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX,
    upper: /[A-ZÑ]/.test(value),
    lower: /[a-zñ]/.test(value),
    digit: /\d/.test(value),
    special: /[^A-Za-zÑñ0-9]/.test(value),
  };
}
