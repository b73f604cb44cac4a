import ganache from 'ganache';
import { createPublicClient, createWalletClient, defineChain, http, publicActions, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { compileToken } from './compile-token.js';
import { DEPLOYER_KEY, MERCHANT_KEY, addressOf, demoPayerKey } from './accounts.js';

export const DEV_CHAIN_ID = 1337;
export const TOKEN_NAME = 'Pith USD';
export const TOKEN_VERSION = '1';
export const TOKEN_DECIMALS = 6;
const ETHER = 10n ** 18n;

export interface DevChainOptions {
  port: number;
  host?: string;
  /** How many demo payer wallets to fund (`demoPayerKey(0…n-1)`). */
  payers?: number;
  /** Test dollars minted to each payer, in token units (6 decimals). */
  dollarsPerPayer?: number;
}

export interface DevChain {
  rpcUrl: string;
  chainId: number;
  /** CAIP-2 network id, as x402 names it. */
  network: `eip155:${number}`;
  token: { address: Address; name: string; version: string; decimals: number };
  merchant: Address;
  deployerKey: Hex;
  payerKeys: Hex[];
  /** Pauses / resumes block production (settlements then wait for a block: used to test unconfirmed settlements). */
  setMining(on: boolean): Promise<void>;
  close(): Promise<void>;
}

export const devChainDefinition = (rpcUrl: string) =>
  defineChain({ id: DEV_CHAIN_ID, name: 'Pith dev chain', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });

/**
 * A local EVM (ganache, in this process) with the PithUSD token deployed and demo payers funded: a real
 * chain for x402 settlement on loopback. State is not persisted: each start deploys afresh, and because
 * the deployer's first transaction always creates the token, its address is the same every time.
 */
export async function startDevChain(options: DevChainOptions): Promise<DevChain> {
  const host = options.host ?? '127.0.0.1';
  const payerKeys = Array.from({ length: options.payers ?? 5 }, (_, i) => demoPayerKey(i));
  const funded = [DEPLOYER_KEY, MERCHANT_KEY, ...payerKeys].map((secretKey) => ({ secretKey, balance: `0x${(1000n * ETHER).toString(16)}` }));
  const server = ganache.server({
    chain: { chainId: DEV_CHAIN_ID },
    wallet: { accounts: funded },
    logging: { quiet: true },
  });
  await server.listen(options.port, host);
  const rpcUrl = `http://${host}:${options.port}`;
  const chain = devChainDefinition(rpcUrl);
  const deployer = createWalletClient({ account: privateKeyToAccount(DEPLOYER_KEY), chain, transport: http(rpcUrl) }).extend(publicActions);
  try {
    const { abi, bytecode } = compileToken();
    const deployTx = await deployer.deployContract({ abi, bytecode, args: [TOKEN_NAME, TOKEN_VERSION] });
    const receipt = await deployer.waitForTransactionReceipt({ hash: deployTx });
    const address = receipt.contractAddress;
    if (!address) throw new Error('the token deployment created no contract');
    const perPayer = BigInt(options.dollarsPerPayer ?? 1_000) * 10n ** BigInt(TOKEN_DECIMALS);
    for (const key of payerKeys) {
      const hash = await deployer.writeContract({ address, abi, functionName: 'mint', args: [addressOf(key), perPayer] });
      await deployer.waitForTransactionReceipt({ hash });
    }
    const rpc = createPublicClient({ chain, transport: http(rpcUrl) });
    return {
      rpcUrl,
      chainId: DEV_CHAIN_ID,
      network: `eip155:${DEV_CHAIN_ID}`,
      token: { address, name: TOKEN_NAME, version: TOKEN_VERSION, decimals: TOKEN_DECIMALS },
      merchant: addressOf(MERCHANT_KEY),
      deployerKey: DEPLOYER_KEY,
      payerKeys,
      async setMining(on) {
        await rpc.request({ method: (on ? 'miner_start' : 'miner_stop') as 'eth_chainId' });
      },
      close: () => server.close(),
    };
  } catch (err) {
    await server.close();
    throw err;
  }
}

/** The X402_* configuration that points a Pith API at this chain's token and a facilitator on it. */
export function paymentEnvFor(chain: DevChain, facilitatorUrl: string): Record<string, string> {
  return {
    X402_FACILITATOR_URL: facilitatorUrl,
    X402_NETWORK: chain.network,
    X402_PAY_TO: chain.merchant,
    X402_ASSET: chain.token.address,
    X402_ASSET_NAME: chain.token.name,
    X402_ASSET_VERSION: chain.token.version,
    X402_ASSET_DECIMALS: String(chain.token.decimals),
  };
}
