import { MAP_BUDGET } from '../contract/limits.js';

export interface MapBudgetLimits {
  sitemapFiles: number;
  bytes: number;
  deadlineMs: number;
}

/**
 * What one map may still spend: sitemap files, decoded bytes and time. Whatever runs out first ends the
 * reading and makes the answer `truncated`; `exhausted` says which, for the logs and tests.
 */
export class MapBudget {
  private files: number;
  private bytes: number;
  private readonly deadline: number;
  exhausted: 'sitemap_files' | 'bytes' | 'deadline' | null = null;

  constructor(limits: MapBudgetLimits = MAP_BUDGET, now = Date.now()) {
    this.files = limits.sitemapFiles;
    this.bytes = limits.bytes;
    this.deadline = now + limits.deadlineMs;
  }

  msLeft(): number {
    const left = this.deadline - Date.now();
    if (left <= 0) this.exhausted ??= 'deadline';
    return Math.max(0, left);
  }

  /** A fetch cut short by the map's deadline (its timeout was the time left): the deadline has come. */
  expire(): void {
    this.exhausted ??= 'deadline';
  }

  bytesLeft(): number {
    return this.bytes;
  }

  /** Takes one sitemap file from the budget; false (and exhausted) when none is left. */
  takeFile(): boolean {
    if (this.files <= 0) {
      this.exhausted ??= 'sitemap_files';
      return false;
    }
    this.files -= 1;
    return true;
  }

  spend(bytes: number, cut: boolean): void {
    this.bytes = Math.max(0, this.bytes - bytes);
    if (cut) this.exhausted ??= 'bytes';
  }

  /** No bytes or no time left: nothing more can be read (files left over do not stop files already granted). */
  get over(): boolean {
    if (this.bytes <= 0) this.exhausted ??= 'bytes';
    return this.bytes <= 0 || this.msLeft() === 0;
  }
}
