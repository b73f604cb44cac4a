/**
 * WCXB dev's five folds (issue 24's held-out rule), as score:folds, score:held-out and train-block-model.py
 * split it: a page's fold is its numeric id mod 5. And the shared scorer's per-page figures of a predictions file.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from './paths.js';

export const FOLDS = 5;

export const wcxbDev = path.resolve(projectRoot, '..', 'shared', 'benchmarks', 'extraction', 'wcxb-dev');

/** A page's fold: its numeric id mod FOLDS (ids are zero-padded numbers). */
export const foldOf = (id: string): number => Number.parseInt(id, 10) % FOLDS;

/** A page's F1 as the shared scorer prints it (rounded to three places); WCXB sets also name the page's type. */
export type PageScore = { id: string; f1: number; type?: string };

/** The shared scorer's figures for a predictions file over a set laid out as the shared ones, with each page's F1. */
export function scoreSet(setFolder: string, predictionsFile: string): { f1: number; per_page: PageScore[] } {
  const scorer = path.resolve(wcxbDev, '..', 'score.mjs');
  return JSON.parse(execFileSync(process.execPath, [scorer, setFolder, predictionsFile, '--per-page'], { maxBuffer: 1 << 28 }).toString()) as { f1: number; per_page: PageScore[] };
}

/** The shared scorer's figures for a WCXB dev predictions file, with each page's F1. */
export const scoreWcxbDev = (predictionsFile: string): { f1: number; per_page: PageScore[] } => scoreSet(wcxbDev, predictionsFile);

export const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** Each fold's mean page F1. */
export function meanF1ByFold(scores: readonly PageScore[]): number[] {
  const byFold = Array.from({ length: FOLDS }, () => [] as number[]);
  for (const page of scores) byFold[foldOf(page.id)]!.push(page.f1);
  return byFold.map(mean);
}
