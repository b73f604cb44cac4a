/** Main-content extraction: what the rest of the pipeline uses of this folder. */
export { findMainContent, type MainContent } from './find-main-content.js';
