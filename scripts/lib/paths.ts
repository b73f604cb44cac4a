import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Where the launcher keeps what it installs (.tools) and what it runs (.data). Both are git-ignored. */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const toolsDir = path.join(projectRoot, '.tools');
export const toolsBin = path.join(toolsDir, 'bin');
export const dataDir = path.join(projectRoot, '.data');
