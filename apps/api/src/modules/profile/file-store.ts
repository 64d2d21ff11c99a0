import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/**
 * The tenant's uploaded files under DATA_DIR/files/<userId>/. Names are generated here (never taken
 * from the upload), so a stored name cannot point outside the user's folder.
 */
export class UserFiles {
  constructor(private readonly dataDir: string) {}

  private dir(userId: number): string {
    return path.join(this.dataDir, 'files', String(userId));
  }

  private pathOf(userId: number, name: string): string {
    if (!/^[a-z]+-[a-f0-9]{16}\.[a-z]{3,4}$/.test(name)) throw new Error('Nombre de archivo no válido');
    return path.join(this.dir(userId), name);
  }

  /** Writes bytes under a fresh name `<prefix>-<random>.<ext>` and returns the name. */
  async save(userId: number, prefix: string, ext: string, data: Buffer): Promise<string> {
    const name = `${prefix}-${randomBytes(8).toString('hex')}.${ext}`;
    await mkdir(this.dir(userId), { recursive: true });
    await writeFile(this.pathOf(userId, name), data);
    return name;
  }

  read(userId: number, name: string): Promise<Buffer> {
    return readFile(this.pathOf(userId, name));
  }

  async remove(userId: number, name: string): Promise<void> {
    await rm(this.pathOf(userId, name), { force: true });
  }
}
