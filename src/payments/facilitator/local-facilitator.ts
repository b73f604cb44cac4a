import { x402Facilitator } from '@x402/core/facilitator';
import { registerExactEvmScheme } from '@x402/evm/exact/facilitator';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { createWalletClient, http, publicActions, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { devChainDefinition } from '../dev-chain/dev-chain.js';

export interface LocalFacilitatorOptions {
  rpcUrl: string;
  network: `eip155:${number}`;
  /** The wallet that submits settlement transactions and pays their gas. */
  signerKey: Hex;
  /** How long a settlement waits for its transaction to be mined before answering "pending". */
  confirmationTimeoutMs: number;
}

/**
 * x402's own facilitator (`@x402/core/facilitator` with the `exact` EVM scheme of `@x402/evm`) on a chain
 * we can reach: it checks the EIP-712 signature, amount, recipient, validity window and nonce, simulates
 * the transfer, then submits `transferWithAuthorization` and waits for the receipt.
 */
export function createLocalFacilitator(options: LocalFacilitatorOptions): x402Facilitator {
  const account = privateKeyToAccount(options.signerKey);
  const wallet = createWalletClient({
    account,
    chain: devChainDefinition(options.rpcUrl),
    transport: http(options.rpcUrl),
  }).extend(publicActions);
  const facilitator = new x402Facilitator();
  registerExactEvmScheme(facilitator, {
    // viem's wallet client has every method the facilitator signer needs except the plain `address`.
    signer: toFacilitatorEvmSigner({ ...wallet, address: account.address } as unknown as Parameters<typeof toFacilitatorEvmSigner>[0], {
      confirmationTimeoutMs: options.confirmationTimeoutMs,
    }),
    networks: options.network,
  });
  return facilitator;
}
