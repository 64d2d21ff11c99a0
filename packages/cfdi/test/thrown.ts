/**
 * Runs `run` and returns what it throws when that is a `type` (so a test can assert its code and
 * message); any other error is rethrown, and not throwing at all fails the test.
 */
export function thrown<E extends Error>(type: abstract new (...args: never[]) => E, run: () => unknown): E {
  try {
    run();
  } catch (e) {
    if (e instanceof type) return e;
    throw e;
  }
  throw new Error(`se esperaba un ${type.name}`);
}

/** The async twin of thrown: awaits `promise` and returns its rejection when that is a `type`. */
export async function rejected<E extends Error>(type: abstract new (...args: never[]) => E, promise: Promise<unknown>): Promise<E> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof type) return e;
    throw e;
  }
  throw new Error(`se esperaba un ${type.name}`);
}
