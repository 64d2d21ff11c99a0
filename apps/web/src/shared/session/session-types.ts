import type { LoginResponse, SessionUser } from '@facturo/contract';

export type { LoginResponse, SessionUser };

export type AbilityRule = { action: string; subject: string };

/** User as kept in local storage (spec §3, "User (stored locally)"). */
export interface StoredUser {
  id: string;
  fullName: string;
  /** The RFC. */
  username: string;
  avatar: string | null;
  email: string;
  role: 'admin' | 'client';
  ability: AbilityRule[];
  regimen: string | null;
  clave_sat: string | null;
  is_confirmed: boolean;
  profile_completed: boolean;
  rol_id: number;
  contr_stripe: boolean;
}
