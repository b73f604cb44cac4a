import type { Policy } from './key-policy.js';

/** Who is calling, once authenticated: the key's account, scopes, plan and policy. */
export interface AuthState {
  accountId: string;
  keyId: string;
  scopes: string[];
  plan: string;
  policy: Policy;
  /** Set for a pay-per-request (x402) caller: the paying wallet. */
  payer?: string;
}
