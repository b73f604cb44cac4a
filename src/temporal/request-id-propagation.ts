import { defaultPayloadConverter } from '@temporalio/common';
import type { WorkflowClientInterceptor } from '@temporalio/client';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import { REQUEST_ID_HEADER } from '../../workflows/interceptors.js';
import { currentRequestId, withOwnLogContext } from '../observability/log-context.js';

/**
 * Client side: a workflow started while a request id is in the log context (the request itself, or the
 * job starter replaying the id stored on the job row) carries it in the `pith-request-id` header.
 */
export const requestIdClientInterceptor: WorkflowClientInterceptor = {
  startWithDetails(input, next) {
    const requestId = currentRequestId();
    if (!requestId || input.headers[REQUEST_ID_HEADER]) return next(input);
    return next({ ...input, headers: { ...input.headers, [REQUEST_ID_HEADER]: defaultPayloadConverter.toPayload(requestId) } });
  },
};

/** Worker side: every log line of an activity carries the request id, its workflow, activity type and job. */
export const requestIdActivityInterceptor: ActivityInterceptorsFactory = (ctx) => ({
  inbound: {
    execute(input, next) {
      const header = input.headers[REQUEST_ID_HEADER];
      const requestId = header ? defaultPayloadConverter.fromPayload<unknown>(header) : undefined;
      const jobId = (input.args[0] as { jobId?: unknown } | undefined)?.jobId;
      return withOwnLogContext(
        {
          ...(typeof requestId === 'string' ? { requestId } : {}),
          ...(typeof jobId === 'string' ? { jobId } : {}),
          workflowId: ctx.info.workflowExecution?.workflowId,
          activity: ctx.info.activityType,
        },
        () => next(input),
      );
    },
  },
});
