/**
 * Child process of workflow-bundle.ts: bundles the job workflows with Temporal's bundler and writes the
 * code to stdout. Argument: `tracing` to include OpenTelemetry's workflow interceptors.
 */
import { bundleWorkflowCode } from '@temporalio/worker';
import { workflowInterceptorModules } from './interceptors.js';
import { workflowsPath } from './workflow-sources.js';

const quiet = () => undefined;
const { code } = await bundleWorkflowCode({
  workflowsPath,
  workflowInterceptorModules: workflowInterceptorModules(process.argv[2] === 'tracing'),
  // stdout carries the bundle; the bundler's warnings and errors go to stderr.
  logger: { trace: quiet, debug: quiet, info: quiet, log: quiet, warn: (message) => console.error(message), error: (message) => console.error(message) },
});
process.stdout.write(code);
