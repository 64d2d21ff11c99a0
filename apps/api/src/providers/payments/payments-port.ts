import { randomUUID } from 'node:crypto';

export interface Charge {
  /** Amount in MXN, decimal string. */
  amount: string;
  description: string;
  /** Caller's reference (account id + package). */
  reference: string;
}

export interface ChargeResult {
  paymentId: string;
  status: 'paid' | 'failed';
}

/** Payments port: charges the account for stamp packages (the card flow arrives with the plans issue). */
export interface PaymentsPort {
  kind: 'local';
  charge(charge: Charge): Promise<ChargeResult>;
}

/** The local provider: every charge is approved at once and given an id, so the purchase flow is real end to end. */
export function localPayments(): PaymentsPort {
  return {
    kind: 'local',
    async charge() {
      return { paymentId: `local_${randomUUID()}`, status: 'paid' };
    },
  };
}
