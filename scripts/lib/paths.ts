import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * Where the launcher keeps what it installs (.tools) and what it runs (.data). Both are git-ignored.
 * `PITH_DATA_DIR` puts the running state elsewhere: a second `npm start` of one checkout beside the first
 * (other ports too), or a test that must not touch a developer's .data.
 */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const toolsDir = path.join(projectRoot, '.tools');
export const toolsBin = path.join(toolsDir, 'bin');
export const dataDir = process.env.PITH_DATA_DIR ? path.resolve(process.env.PITH_DATA_DIR) : path.join(projectRoot, '.data');
