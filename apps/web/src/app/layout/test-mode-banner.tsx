import { Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { RouteResult, routes } from '@facturo/contract';

// The path written out: importing the route table's value here would put every route's schema in the login
// bundle (the banner renders on every screen, /login included; e2e/code-split.spec.ts keeps it under 250 kB).
const TEST_MODE_PATH = '/api/modo-pruebas';

/**
 * Issue 25 §3: production running a test provider says so on every screen (signed in or not), fixed at the
 * bottom so no layout moves: «Modo de pruebas: los pagos no se cobran / los timbres no tienen validez fiscal»,
 * the part(s) the server names. Nothing outside production, nor when the call fails.
 */
export function TestModeBanner() {
  const mode = useQuery({
    queryKey: ['test-mode'],
    // A plain fetch, not call(): the app's interceptors (a success runs the notification check, which before
    // login answers 401 and clears the session) must not fire for this public, session-less question.
    queryFn: async ({ signal }) => {
      const res = await fetch(TEST_MODE_PATH, { signal, headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return (await res.json()) as RouteResult<(typeof routes)['health.testMode']>;
    },
    staleTime: Infinity,
    retry: false,
  });
  const banner = mode.data?.banner;
  if (!banner) return null;
  return (
    <div role="status" data-testid="test-mode-banner"
      style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 1000, background: 'var(--mantine-color-yellow-3)', color: 'var(--mantine-color-dark-9)', padding: '4px 12px', display: 'flex', gap: 8, alignItems: 'center', justifyContent: 'center' }}>
      <IconFlask size={16} aria-hidden />
      <Text size="sm" fw={600}>{banner}</Text>
    </div>
  );
}
