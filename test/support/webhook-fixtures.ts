import { randomUUID } from 'node:crypto';
import type { Job, Prisma } from '@prisma/client';
import type { Db } from '../../src/db/prisma.js';
import { mintSecretOnFirstUse, type SecretBox } from '../../src/accounts/webhook-secret.js';

/** Rows a finished job leaves behind, written straight to the real database, so a webhook can be tested without running extraction. */

export async function accountWithSecret(db: Db, box: SecretBox, accountId?: string): Promise<{ accountId: string; secret: string }> {
  const id = accountId ?? (await db.account.create({ data: { email: `webhook-${randomUUID()}@example.com` } })).id;
  const secret = await mintSecretOnFirstUse(db, box, id);
  if (!secret) throw new Error('the account already had a webhook secret');
  return { accountId: id, secret };
}

export function successContent(markdown: string) {
  return {
    markdown,
    html: `<p>${markdown.slice(0, 100)}</p>`,
    links: ['https://example.com/next'],
    blocks: [{ type: 'paragraph', text: markdown.slice(0, 100), level: 0 }],
    chunks: [{ text: markdown.slice(0, 100), start_token: 0, end_token: 10 }],
    metadata: { title: 'A page', author: null, date: null, url: 'https://example.com/a', retrieved_at: '2026-01-01T00:00:00.000Z' },
    metrics: { content_bytes: Buffer.byteLength(markdown), input_tokens: 100, output_tokens: 10, reduction_pct: 90, tokens_saved: 90 },
  };
}

export interface ResultRow {
  url: string;
  ok: boolean;
  content?: object;
  error?: string;
  errorCode?: string;
}

export interface FinishedJobOptions {
  accountId: string;
  webhookUrl: string | null;
  kind?: 'bulk' | 'crawl';
  includeResults?: boolean;
  results?: ResultRow[];
  truncatedReason?: 'page_limit' | 'quota_exhausted' | 'time_limit';
}

export async function finishedJob(db: Db, options: FinishedJobOptions): Promise<Job> {
  const id = randomUUID();
  const kind = options.kind ?? 'bulk';
  const results = options.results ?? [];
  const finishedAt = new Date();
  const job = await db.job.create({
    data: {
      id,
      accountId: options.accountId,
      kind,
      status: 'done',
      total: results.length,
      completed: results.length,
      input: { urls: results.map((r) => r.url) },
      webhookUrl: options.webhookUrl,
      webhookIncludeResults: options.includeResults ?? false,
      workflowId: `${kind}-${id}`,
      workflowStartedAt: finishedAt,
      startedAt: finishedAt,
      finishedAt,
      expiresAt: new Date(finishedAt.getTime() + 6 * 3600_000),
      truncated: options.truncatedReason !== undefined,
      truncatedReason: options.truncatedReason ?? null,
    },
  });
  await db.jobResult.createMany({
    data: results.map((r, position) => ({
      jobId: id,
      position,
      url: r.url,
      ok: r.ok,
      content: r.content as Prisma.InputJsonObject | undefined,
      error: r.error ?? null,
      errorCode: r.errorCode ?? null,
    })),
  });
  return job;
}
