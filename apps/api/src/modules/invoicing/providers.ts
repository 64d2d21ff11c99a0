import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { JobContext } from '../../jobs/context';
import { users } from '../../db/schema';
import { loadAccountCsd } from './account-csd';
import { createPac, pacSettingsFromEnv, type PacProvider } from '../../providers/pac/pac-provider';
import { localStorage, type StoragePort } from '../../providers/storage/local-storage';
import { banxicoRates } from '../../providers/exchange-rates/banxico-sie';
import { manualRates } from '../../providers/exchange-rates/manual-rates';
import type { ExchangeRatePort } from '../../providers/exchange-rates/exchange-rate-port';
import { toMexicoCityLocal } from '@facturo/cfdi/stamp';
import { UserFiles } from '../profile/file-store';
import type { XmlElement } from '@facturo/cfdi';
import type { StampingDeps } from './stamping';
import { renderDocumentPdf } from './document-pdf';
import { accountLogo, userTemplate } from './templates.service';

export interface InvoicingProviders extends StampingDeps {
  pacKind: PacProvider['kind'];
  rates: ExchangeRatePort;
  files: UserFiles;
  mailer: JobContext['mailer'];
  /** The PDF of a stamped document with the account's template and logo (drawn on first download). */
  pdfFor(userId: number, root: XmlElement): Promise<Uint8Array>;
  /** PDF of an unsigned document, marked as a preview. */
  previewPdf(userId: number, root: XmlElement): Promise<Uint8Array>;
}

const byContext = new WeakMap<JobContext, InvoicingProviders>();

/**
 * The ports invoicing uses, built once per process from configuration (README "Configuración"):
 * PAC_PROVIDER (sandbox | finkok), storage under DATA_DIR/storage, BANXICO_TOKEN (else EXCHANGE_RATES
 * manual values). Stamp packages are bought through the payments module (one path, issue 25 §1). Payment complements and payroll get the same instance.
 */
export function invoicingProviders(ctx: JobContext): InvoicingProviders {
  const existing = byContext.get(ctx);
  if (existing) return existing;
  const settings = pacSettingsFromEnv(ctx.config.dataDir);
  const { pac, kind } = createPac(settings, {
    // RFCs are unique per account: the emisor's latest valid CSD signs SAT's cancellation request (real PACs).
    async csdFor(rfc) {
      const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.rfc, rfc.toUpperCase()));
      if (!user) throw new Error(`No hay una cuenta con el RFC ${rfc}`);
      const credential = await loadAccountCsd(ctx.db, ctx.secrets, user.id);
      return { certificatePem: credential.certificate.x509.toString(), privateKey: credential.privateKey };
    },
  });
  // Test API keys stamp with the sandbox whatever the process's PAC is (decision 307): the same instance when it is the sandbox.
  const sandboxPac = kind === 'sandbox' ? pac : createPac({ ...settings, provider: 'sandbox' }).pac;
  const storage: StoragePort = localStorage(path.join(ctx.config.dataDir, 'storage'));
  const files = new UserFiles(ctx.config.dataDir);
  const today = () => toMexicoCityLocal(new Date()).slice(0, 10);
  const rates = process.env.BANXICO_TOKEN
    ? banxicoRates({ token: process.env.BANXICO_TOKEN, baseUrl: process.env.BANXICO_URL })
    : manualRates(process.env.EXCHANGE_RATES ?? 'USD=17.500000,EUR=19.000000', today);
  const look = async (userId: number) => ({ template: await userTemplate(ctx.db, userId), logo: await accountLogo(ctx.db, files, userId) });
  const providers: InvoicingProviders = {
    db: ctx.db,
    storage,
    pac,
    sandboxPac,
    pacKind: kind,
    secrets: ctx.secrets,
    rates,
    files,
    mailer: ctx.mailer,
    async pdfFor(userId, root) {
      const { template, logo } = await look(userId);
      return renderDocumentPdf(root, template, logo);
    },
    async previewPdf(userId, root) {
      const { template, logo } = await look(userId);
      return renderDocumentPdf(root, template, logo, true);
    },
  };
  byContext.set(ctx, providers);
  return providers;
}
