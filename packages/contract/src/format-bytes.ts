/**
 * A file size as people read it ("1 MB", "64 KB"), decimal units like the operating systems' file
 * dialogs, so "1,000,000 bytes" never reaches the screen.
 */
export function formatBytes(bytes: number): string {
  const fmt = (n: number) => new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 }).format(n);
  if (bytes >= 1_000_000) return `${fmt(bytes / 1_000_000)} MB`;
  if (bytes >= 1_000) return `${fmt(bytes / 1_000)} KB`;
  return `${bytes} bytes`;
}
