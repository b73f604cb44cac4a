/** Main-content extraction: what the rest of the pipeline (and extract:dir --explain) uses of this folder. */
export { findMainContent, type MainContent } from './find-main-content.js';
export { MainContentExplanation } from './explain.js';
export { recordingInto } from './remove.js';
