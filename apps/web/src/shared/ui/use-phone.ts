import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em = 768 px): lists switch to their phone rows and filter chips (issue 25 §9). */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** True on a phone-width window. The first render (no answer yet) counts as a wide window. */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY) ?? false;
}
