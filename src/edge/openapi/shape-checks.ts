import type { z } from 'zod';
import type { ExtractedContent } from '../../extraction/types.js';
import type { CapturedFiles } from '../../pages/captured-files.js';
import type { JobObject } from '../../jobs/view.js';
import type { Registration } from '../../accounts/registration.js';
import type { KeyView } from '../../accounts/key-management.js';
import type { LogPage } from '../../accounts/request-log.js';
import type { UsageReport } from '../../accounts/metering.js';
import type { PricingRecord } from '../../pricing/pricing.js';
import type { JobObjectSchema, ResultEntrySchema } from './content-shapes.js';
import type { ApiKeySchema, LogPageSchema, PricingSchema, RegistrationSchema, UsageSchema } from './account-shapes.js';
import type { WebhookDeliveryPage } from '../../webhooks/delivery-view.js';
import type { JobCompletedEvent } from '../../webhooks/job-completed-event.js';
import type { JobCompletedEventSchema, WebhookDeliveryPageSchema } from './webhook-shapes.js';
import type { SearchResponse } from '../../pages/search-pages.js';
import type { SearchResponseSchema } from './search-shapes.js';
import type { WatchObject } from '../../watches/watch-view.js';
import type { WatchChangedEvent } from '../../watches/watch-changed-event.js';
import type { WatchChangedEventSchema, WatchSchema } from './watch-shapes.js';
import type { JobPage } from '../../jobs/list.js';
import type { JobProgress } from '../../jobs/progress.js';
import type { JobPageSchema, JobProgressSchema } from './job-list-shapes.js';

/**
 * Compile-time sync checks: each documented response shape must be assignable to the type the code
 * answers with, so a field added to (or retyped in) the code and not in the document fails `tsc` here.
 */

type Documents<Doc extends z.ZodType, Code> = [z.infer<Doc>] extends [Code] ? true : never;
type SuccessEntry = Exclude<z.infer<typeof ResultEntrySchema>, { error: string }>;

export type DocumentedShapesMatchCode = [
  [SuccessEntry] extends [{ url: string } & Partial<ExtractedContent> & CapturedFiles] ? true : never,
  Documents<typeof JobObjectSchema, Omit<JobObject, 'results'>>,
  Documents<typeof RegistrationSchema, Registration>,
  Documents<typeof ApiKeySchema, KeyView>,
  Documents<typeof LogPageSchema, LogPage>,
  Documents<typeof UsageSchema, UsageReport>,
  Documents<typeof PricingSchema, PricingRecord>,
  Documents<typeof WebhookDeliveryPageSchema, WebhookDeliveryPage>,
  Documents<typeof JobCompletedEventSchema, Omit<JobCompletedEvent, 'results'>>,
  Documents<typeof SearchResponseSchema, SearchResponse>,
  Documents<typeof WatchSchema, WatchObject>,
  Documents<typeof WatchChangedEventSchema, WatchChangedEvent>,
  Documents<typeof JobPageSchema, JobPage>,
  Documents<typeof JobProgressSchema, JobProgress>,
];
// Instantiating the tuple with `true` is what makes a mismatch (a `never`) a type error.
export const documentedShapesMatchCode: DocumentedShapesMatchCode = [true, true, true, true, true, true, true, true, true, true, true, true, true, true];
