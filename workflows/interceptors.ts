// Carries the submitting API request's id through a job: from the workflow's start header onto every
// activity it schedules, the child workflows it starts and the run it continues as. Only headers change,
// never commands, so histories (with or without the header) replay unchanged.
import type { Headers, WorkflowInterceptorsFactory } from '@temporalio/workflow';

/** Temporal header holding the X-Request-Id (a JSON payload of the string). */
export const REQUEST_ID_HEADER = 'pith-request-id';

export const interceptors: WorkflowInterceptorsFactory = () => {
  // Per workflow execution: the factory runs once for each.
  let carried: Headers[string] | undefined;
  const withRequestId = <T extends { headers: Headers }>(input: T): T => (carried && !input.headers[REQUEST_ID_HEADER] ? { ...input, headers: { ...input.headers, [REQUEST_ID_HEADER]: carried } } : input);
  return {
    inbound: [
      {
        execute(input, next) {
          carried = input.headers[REQUEST_ID_HEADER];
          return next(input);
        },
      },
    ],
    outbound: [
      {
        scheduleActivity: (input, next) => next(withRequestId(input)),
        scheduleLocalActivity: (input, next) => next(withRequestId(input)),
        startChildWorkflowExecution: (input, next) => next(withRequestId(input)),
        continueAsNew: (input, next) => next(withRequestId(input)),
      },
    ],
  };
};
