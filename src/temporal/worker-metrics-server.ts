import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { Config } from '../config/config.js';
import { registry } from '../observability/metrics.js';
import { metricsAuthorized } from '../observability/metrics-auth.js';

/** GET /metrics of a worker process (extraction durations, webhook outcomes, process metrics), same token rule as the API's. */
export async function serveWorkerMetrics(cfg: Config, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    if (!metricsAuthorized(cfg.METRICS_TOKEN, req.headers.authorization)) {
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer' }).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  server.listen(port, cfg.HOST);
  await once(server, 'listening');
  return server;
}
