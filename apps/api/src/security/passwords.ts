import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's 2023 minimum profile (19 MiB, t=2, p=1): ~20-40 ms a hash on the 2-core
 * reference machine, so one process still serves dozens of logins per second (see bench/).
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
