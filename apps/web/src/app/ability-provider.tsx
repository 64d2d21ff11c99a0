import { createContext, useMemo, type ReactNode } from 'react';
import { createContextualCan } from '@casl/react';
import { useSession } from '../shared/session/session-store';
import { abilityFor, type AppAbility } from '../shared/ability/ability';

export const AbilityContext = createContext<AppAbility>(abilityFor(null));
/** `<Can I="read" a="App">` bound to the session's ability. */
export const Can = createContextualCan(AbilityContext.Consumer);

/** Provides the CASL ability of the current session (§6). */
export function AbilityProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const ability = useMemo(() => abilityFor(user), [user]);
  return <AbilityContext.Provider value={ability}>{children}</AbilityContext.Provider>;
}
