import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, userAgent } from '../../../src/config/config.js';

describe('configuration (src/config/config.ts)', () => {
  it('applies the documented defaults', () => {
    const cfg = parseConfig({});
    expect(cfg).toMatchObject({
      PORT: 3000,
      BASE_URL: 'http://localhost:3000',
      MCP_URL: 'http://localhost:3000/mcp',
      TEMPORAL_UI_PORT: 8233,
      ALLOW_PRIVATE_TARGETS: false,
    });
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.TEMPORAL_ADDRESS).toBeUndefined();
    expect(userAgent(cfg)).toMatch(/^Pith\/\d+\.\d+\.\d+ \(\+http:\/\/localhost:3000\)$/);
  });

  it('derives MCP_URL from BASE_URL without trailing slashes', () => {
    const cfg = parseConfig({ BASE_URL: 'https://api.pith.dev/' });
    expect(cfg.BASE_URL).toBe('https://api.pith.dev');
    expect(cfg.MCP_URL).toBe('https://api.pith.dev/mcp');
  });

  it('names every bad variable in one message', () => {
    let error: unknown;
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ALLOW_PRIVATE_TARGETS: 'maybe', TEMPORAL_ADDRESS: 'no-port' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'ALLOW_PRIVATE_TARGETS', 'TEMPORAL_ADDRESS']) expect(message).toContain(name);
  });

  it('reads ALLOW_PRIVATE_TARGETS only from explicit true values', () => {
    expect(parseConfig({ ALLOW_PRIVATE_TARGETS: 'true' }).ALLOW_PRIVATE_TARGETS).toBe(true);
    expect(parseConfig({ ALLOW_PRIVATE_TARGETS: '1' }).ALLOW_PRIVATE_TARGETS).toBe(true);
    expect(parseConfig({ ALLOW_PRIVATE_TARGETS: 'false' }).ALLOW_PRIVATE_TARGETS).toBe(false);
  });
});
