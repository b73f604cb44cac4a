import http from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { x402Facilitator } from '@x402/core/facilitator';

type VerifyArgs = Parameters<x402Facilitator['verify']>;

/**
 * The facilitator HTTP interface as x402's HTTPFacilitatorClient speaks it: `GET /supported`,
 * `POST /verify` and `POST /settle` with `{ x402Version, paymentPayload, paymentRequirements }`.
 * Answers 200 with the facilitator's verdict (`isValid: false` / `success: false` included); 400 for a
 * malformed body.
 */
export function facilitatorApp(facilitator: x402Facilitator): Koa {
  const router = new Router();
  const argsOf = (body: unknown): VerifyArgs | undefined => {
    const request = body as { paymentPayload?: unknown; paymentRequirements?: unknown } | undefined;
    if (!request || typeof request.paymentPayload !== 'object' || typeof request.paymentRequirements !== 'object') return undefined;
    return [request.paymentPayload, request.paymentRequirements] as VerifyArgs;
  };
  router.get('/supported', (ctx) => {
    ctx.body = facilitator.getSupported();
  });
  router.post('/verify', async (ctx) => {
    const args = argsOf(ctx.request.body);
    if (!args) return ctx.throw(400, 'paymentPayload and paymentRequirements are required');
    ctx.body = await facilitator.verify(...args);
  });
  router.post('/settle', async (ctx) => {
    const args = argsOf(ctx.request.body);
    if (!args) return ctx.throw(400, 'paymentPayload and paymentRequirements are required');
    ctx.body = await facilitator.settle(...args);
  });
  const app = new Koa();
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '256kb' }));
  app.use(router.routes()).use(router.allowedMethods());
  return app;
}

export interface RunningFacilitator {
  url: string;
  close(): Promise<void>;
}

export async function listenFacilitator(facilitator: x402Facilitator, port: number, host = '127.0.0.1'): Promise<RunningFacilitator> {
  const server = http.createServer(facilitatorApp(facilitator).callback());
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
