import { createHash } from 'node:crypto';
import { createTwoFilesPatch, formatPatch } from 'diff';
import { CHANGE_LIMITS } from '../contract/limits.js';

/**
 * Two versions of a page's markdown compared as a reader would: whitespace (runs of spaces, blank lines,
 * indentation, trailing spaces) never makes a change, so a page re-rendered with other spacing is `same`.
 */
export function comparableText(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
}

/** The fingerprint a snapshot keeps of its comparable text. */
export function fingerprint(markdown: string): string {
  return createHash('sha256').update(comparableText(markdown)).digest('hex');
}

export interface VersionDiff {
  /** A unified diff of the comparable text (old → new), or null when it could not be made within bounds. */
  diff: string | null;
  /** The diff was left out (inputs too large), is not minimal (too slow to compute), or was cut at CHANGE_LIMITS.diffMaxChars. */
  truncated: boolean;
}

/**
 * The diff that replaces every line: what is answered when the minimal one takes too long (a page rewritten
 * from top to bottom makes Myers' algorithm quadratic). Still a valid unified diff, formatted by jsdiff.
 */
function replacementPatch(label: string, before: string, after: string): string {
  const oldLines = before.split('\n');
  const newLines = after.split('\n');
  return formatPatch({
    oldFileName: label,
    newFileName: label,
    oldHeader: 'previous',
    newHeader: 'current',
    hunks: [{ oldStart: 1, oldLines: oldLines.length, newStart: 1, newLines: newLines.length, lines: [...oldLines.map((line) => `-${line}`), ...newLines.map((line) => `+${line}`)] }],
  });
}

/**
 * A unified diff (jsdiff) of two versions, bounded: sides over `diffInputMaxChars` are not diffed, the
 * minimal diff is given up after `diffTimeoutMs` for the diff that replaces every line, and the answer is
 * cut at a line boundary after `diffMaxChars`.
 */
export function diffVersions(previous: string, current: string, label: string): VersionDiff {
  // Whitespace rarely halves a page: a side this long is over the bound after normalising too, so it is not normalised at all.
  const roughBound = 2 * CHANGE_LIMITS.diffInputMaxChars;
  if (previous.length > roughBound || current.length > roughBound) return { diff: null, truncated: true };
  const before = comparableText(previous);
  const after = comparableText(current);
  if (before.length > CHANGE_LIMITS.diffInputMaxChars || after.length > CHANGE_LIMITS.diffInputMaxChars) return { diff: null, truncated: true };
  const patch = createTwoFilesPatch(label, label, `${before}\n`, `${after}\n`, 'previous', 'current', { context: CHANGE_LIMITS.diffContextLines, timeout: CHANGE_LIMITS.diffTimeoutMs });
  const answer = patch ?? replacementPatch(label, before, after);
  if (patch !== undefined && answer.length <= CHANGE_LIMITS.diffMaxChars) return { diff: answer, truncated: false };
  if (answer.length <= CHANGE_LIMITS.diffMaxChars) return { diff: answer, truncated: true };
  const cut = answer.lastIndexOf('\n', CHANGE_LIMITS.diffMaxChars);
  return { diff: answer.slice(0, cut > 0 ? cut + 1 : CHANGE_LIMITS.diffMaxChars), truncated: true };
}
