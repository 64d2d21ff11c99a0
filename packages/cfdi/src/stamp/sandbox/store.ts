/**
 * Where the sandbox PAC keeps what it stamped (for idempotency, status and cancellation).
 * Values are JSON strings so the API can back it with a database table of (key, value) rows.
 */
export interface SandboxStore {
  get(key: string): Promise<string | undefined> | string | undefined;
  put(key: string, value: string): Promise<void> | void;
}

/** The default store: a process-local map (state is lost on restart). */
export class MemorySandboxStore implements SandboxStore {
  private readonly map = new Map<string, string>();

  get(key: string): string | undefined {
    return this.map.get(key);
  }

  put(key: string, value: string): void {
    this.map.set(key, value);
  }

  /** Number of entries, for tests and diagnostics. */
  get size(): number {
    return this.map.size;
  }
}
