import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown that disables an action for `seconds` after it was used (e.g. "Reenviar código": each
 * click mails a code and counts against the auth rate limit). Starts running when `startNow`.
 */
export function useCooldown(seconds: number, startNow = false): { remaining: number; start: () => void } {
  const [until, setUntil] = useState(() => (startNow ? Date.now() + seconds * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [until, now]);
  const start = useCallback(() => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  }, [seconds]);
  return { remaining: Math.max(0, Math.ceil((until - now) / 1000)), start };
}

/** "0:45" for the label of a disabled button. */
export const formatCountdown = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
