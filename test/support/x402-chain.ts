import { createPublicClient, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { x402Client } from '@x402/core/client';
import { encodePaymentSignatureHeader, decodePaymentRequiredHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment } from '@x402/fetch';
import { devChainDefinition, paymentEnvFor, startDevChain, type DevChain } from '../../src/payments/dev-chain/dev-chain.js';
import { compileToken } from '../../src/payments/dev-chain/compile-token.js';
import { createLocalFacilitator } from '../../src/payments/facilitator/local-facilitator.js';
import { listenFacilitator, type RunningFacilitator } from '../../src/payments/facilitator/http-server.js';
import { freePort } from '../../scripts/lib/ports.js';

/** A real local EVM with the EIP-3009 test dollar, and x402's facilitator on it behind its HTTP interface. */
export interface PaymentRig {
  chain: DevChain;
  facilitator: RunningFacilitator;
  /** Environment that points a Pith API at this chain and facilitator. */
  env: Record<string, string>;
  balanceOf(address: Address): Promise<bigint>;
  close(): Promise<void>;
}

export async function startPaymentRig(options: { confirmationTimeoutMs?: number } = {}): Promise<PaymentRig> {
  const chain = await startDevChain({ port: await freePort(), payers: 3 });
  const facilitator = await listenFacilitator(
    createLocalFacilitator({ rpcUrl: chain.rpcUrl, network: chain.network, signerKey: chain.deployerKey, confirmationTimeoutMs: options.confirmationTimeoutMs ?? 1_500 }),
    0,
  );
  const rpc = createPublicClient({ chain: devChainDefinition(chain.rpcUrl), transport: http(chain.rpcUrl) });
  const { abi } = compileToken();
  return {
    chain,
    facilitator,
    env: paymentEnvFor(chain, facilitator.url),
    balanceOf: async (address) => (await rpc.readContract({ address: chain.token.address, abi, functionName: 'balanceOf', args: [address] })) as bigint,
    async close() {
      await facilitator.close();
      await chain.close();
    },
  };
}

/** An agent's wallet as the x402 client packages build it (spend controls off: the dev token is not a known asset). */
export function payerWallet(key: Hex) {
  const account = privateKeyToAccount(key);
  const client = x402Client.fromConfig({ schemes: [{ network: 'eip155:*', client: new ExactEvmScheme(account) }], spendControls: false });
  /** Headers the paying fetch sent, in order (to replay or tamper with them). */
  const sent: Headers[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push(new Headers(request.headers));
    return fetch(request);
  };
  return {
    address: account.address,
    sent,
    /** `fetch` that pays any 402 and retries, as @x402/fetch does it. */
    fetch: wrapFetchWithPayment(recordingFetch, client),
    /** A PAYMENT-SIGNATURE header paying the challenge of a 402 response. */
    async pay(challengeHeader: string): Promise<{ header: string; payload: PaymentPayload; required: PaymentRequired }> {
      const required = decodePaymentRequiredHeader(challengeHeader);
      const payload = await client.createPaymentPayload(required);
      return { header: encodePaymentSignatureHeader(payload), payload, required };
    },
  };
}
