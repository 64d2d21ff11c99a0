/** A payroll input or date the engine cannot compute; the message is Spanish and fit to show. */
export class PayrollError extends Error {
  constructor(message: string, readonly field?: string) {
    super(message);
    this.name = 'PayrollError';
  }
}
