import type { ResultEntry } from '../jobs/view.js';
import type { PithJobCompletedEvent } from './verify.js';

/** The body of the `job.completed` notification as Pith builds it (the receivers' type, with Pith's result entries). */
export type JobCompletedEvent = PithJobCompletedEvent<ResultEntry>;
