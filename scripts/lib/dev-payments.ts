import type { Config } from '../../src/config/config.js';
import { paymentEnvFor, startDevChain } from '../../src/payments/dev-chain/dev-chain.js';
import { addressOf } from '../../src/payments/dev-chain/accounts.js';
import { createLocalFacilitator } from '../../src/payments/facilitator/local-facilitator.js';
import { listenFacilitator } from '../../src/payments/facilitator/http-server.js';

export interface DevPayments {
  /** X402_* variables pointing the API at the local chain and facilitator. */
  env: Record<string, string>;
  describe(): string[];
  close(): Promise<void>;
}

/**
 * Pay-per-request on one machine: a local EVM with the EIP-3009 test dollar and funded demo wallets, and
 * x402's own facilitator on it. Used by `npm start` when no X402_FACILITATOR_URL is configured, so an
 * agent can pay Pith end to end without a public chain.
 */
export async function startDevPayments(cfg: Config): Promise<DevPayments> {
  const chain = await startDevChain({ port: cfg.X402_DEV_CHAIN_PORT, payers: 5 });
  try {
    const facilitator = await listenFacilitator(
      createLocalFacilitator({ rpcUrl: chain.rpcUrl, network: chain.network, signerKey: chain.deployerKey, confirmationTimeoutMs: 10_000 }),
      cfg.X402_DEV_FACILITATOR_PORT,
    );
    const [demoKey] = chain.payerKeys;
    return {
      env: paymentEnvFor(chain, facilitator.url),
      describe: () => [
        `  Payments       x402 on a local chain ${chain.rpcUrl} (${chain.network}), facilitator ${facilitator.url}`,
        `                 token ${chain.token.name} ${chain.token.address}; demo wallet ${demoKey ? addressOf(demoKey) : '-'} (key ${demoKey}, 1000 test dollars)`,
      ],
      async close() {
        await facilitator.close();
        await chain.close();
      },
    };
  } catch (err) {
    await chain.close();
    throw err;
  }
}
