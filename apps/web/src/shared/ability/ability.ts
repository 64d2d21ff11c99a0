import { createMongoAbility, type MongoAbility } from '@casl/ability';
import type { AbilityRule, StoredUser } from '../session/session-types';

export type AppAbility = MongoAbility<[string, string]>;

/** §6: guests may only read Auth (login, registration screens). */
export const guestRules: AbilityRule[] = [{ action: 'read', subject: 'Auth' }];

/** Ability of the current user: the stored rules (manage all on the client), else the guest rules. */
export function abilityFor(user: Pick<StoredUser, 'ability'> | null): AppAbility {
  return createMongoAbility<[string, string]>(user?.ability?.length ? user.ability : guestRules);
}
