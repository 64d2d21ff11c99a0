import { validateCfdi, validateRetenciones } from '../../validate';
import { isRetenciones20 } from './document-checks';
import type { XmlElement } from '../../xml';
import type { PacIssue } from '../errors';

/**
 * The default document rules of the sandbox: the Anexo 20 / Pagos 2.0 matrix from `validate/`,
 * so a document the sandbox stamps would also pass a real PAC's checks (Retenciones 2.0: its own basic
 * rules). Warnings do not refuse.
 */
export function satRulesValidator(root: XmlElement, now: Date): Array<PacIssue & { severity: 'error' | 'warning' }> {
  const issues = isRetenciones20(root) ? validateRetenciones(root, { now }) : validateCfdi(root, { now });
  return issues.map((issue) => ({
    code: issue.code,
    message: issue.field ? `${issue.field}: ${issue.message}` : issue.message,
    severity: issue.severity,
  }));
}
