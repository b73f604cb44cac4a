/**
 * npm run -s x402:agent -- <url> [<url> …]
 * An agent without an API key: pays for a bulk job over x402 with the x402 project's own client
 * (@x402/fetch + @x402/evm, a viem private-key wallet), then polls the job with its X-Job-Token.
 * Env: PITH_URL (default http://localhost:3000), PAYER_KEY (default: demo wallet 0 of `npm start`'s
 * local chain).
 */
import { wrapFetchWithPaymentFromConfig, decodePaymentResponseHeader } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { demoPayerKey } from '../src/payments/dev-chain/accounts.js';

const base = process.env.PITH_URL ?? 'http://localhost:3000';
const urls = process.argv.slice(2);
if (urls.length === 0) {
  console.error('usage: npm run -s x402:agent -- <url> [<url> …]');
  process.exit(2);
}
const account = privateKeyToAccount((process.env.PAYER_KEY as Hex | undefined) ?? demoPayerKey(0));
const payingFetch = wrapFetchWithPaymentFromConfig(fetch, {
  schemes: [{ network: 'eip155:*', client: new ExactEvmScheme(account) }],
  // The local chain's test dollar is not one of the assets the client knows; a real agent keeps the defaults.
  spendControls: false,
});

const response = await payingFetch(`${base}/bulk`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ urls }) });
const job = (await response.json()) as { job_id?: string; job_token?: string; error?: unknown };
if (!response.ok || !job.job_id || !job.job_token) {
  console.error(`POST /bulk answered ${response.status}: ${JSON.stringify(job)}`);
  process.exit(1);
}
const receipt = response.headers.get('payment-response');
console.error(`paid from ${account.address}: ${receipt ? decodePaymentResponseHeader(receipt).transaction : '(no receipt)'}; job ${job.job_id}`);

for (;;) {
  const read = await fetch(`${base}/bulk/${job.job_id}`, { headers: { 'x-job-token': job.job_token } });
  const state = (await read.json()) as { status: string; completed: number; total: number };
  console.error(`${state.status} ${state.completed}/${state.total}`);
  if (!['queued', 'running'].includes(state.status)) {
    console.log(JSON.stringify(state, null, 2));
    break;
  }
  await new Promise((r) => setTimeout(r, 1000));
}
