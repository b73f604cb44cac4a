import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/observability/logger.js';
import { withLogContext } from '../../../src/observability/log-context.js';
import { metricsAuthorized } from '../../../src/observability/metrics-auth.js';
import { requestIdOf } from '../../../src/edge/middleware/request-id.js';
import { logCapture } from '../../support/log-capture.js';

describe('structured logs', () => {
  it('censors credentials, job tokens, payments and webhook secrets wherever a logged object carries them', () => {
    const logs = logCapture();
    const logger = createLogger('info', logs.stream);
    logger.info(
      {
        headers: { authorization: 'Bearer ce_abc', 'payment-signature': 'pay', 'x-job-token': 'jt_x', accept: 'application/json' },
        req: { headers: { authorization: 'Bearer ce_def' } },
        apiKey: 'ce_ghi',
        delivery: { secret: 'whsec_1', signingSecret: 'whsec_2' },
      },
      'with secrets',
    );
    const [line] = logs.lines;
    expect(line).toMatchObject({ level: 'info', msg: 'with secrets', headers: { authorization: '[redacted]', 'payment-signature': '[redacted]', 'x-job-token': '[redacted]', accept: 'application/json' } });
    expect(logs.text()).not.toMatch(/ce_abc|ce_def|ce_ghi|whsec_|jt_x|"pay"/);
  });

  it('binds the request id of the work in progress to every line, and honours LOG_LEVEL', () => {
    const logs = logCapture();
    const logger = createLogger('warn', logs.stream);
    withLogContext({ requestId: 'req-1' }, () => {
      logger.info('dropped');
      logger.warn('kept');
    });
    expect(logs.lines).toHaveLength(1);
    expect(logs.lines[0]).toMatchObject({ msg: 'kept', requestId: 'req-1', level: 'warn' });
  });
});

describe('request ids and the metrics token', () => {
  it('keeps a sane incoming id and replaces anything else', () => {
    expect(requestIdOf('abc-123_x.y:z')).toBe('abc-123_x.y:z');
    for (const bad of [undefined, '', 'a b', 'x'.repeat(129), 'quote"', 'new\nline']) expect(requestIdOf(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('requires the exact bearer token only when one is configured', () => {
    expect(metricsAuthorized(undefined, undefined)).toBe(true);
    expect(metricsAuthorized('t'.repeat(16), undefined)).toBe(false);
    expect(metricsAuthorized('t'.repeat(16), `Bearer ${'t'.repeat(15)}`)).toBe(false);
    expect(metricsAuthorized('t'.repeat(16), `Bearer ${'t'.repeat(16)}`)).toBe(true);
  });
});
