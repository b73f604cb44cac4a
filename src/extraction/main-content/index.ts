/** Main-content extraction: what the rest of the pipeline (and extract:dir --explain) uses of this folder. */
export { findMainContent, type MainContent } from './find-main-content.js';
export { firstWords, MainContentExplanation, readableText, removalLabel } from './explain.js';
export { recordingInto, type MainContentRecorder } from './remove.js';
export type { RootKind } from './kinds.js';
export type { RuleName } from './policy.js';
