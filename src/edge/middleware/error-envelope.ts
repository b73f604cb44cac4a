import type { Middleware } from 'koa';
import { ApiError, ERRORS, errorEnvelope, isErrorCode, type ErrorCode } from '../../contract/errors.js';
import type { Config } from '../../config/config.js';

/** Maps errors thrown by Koa itself and its body parser (http-errors) onto Pith codes. */
function codeForHttpError(status: number): ErrorCode {
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 405) return 'method_not_allowed';
  if (status === 404) return 'not_found';
  if (status >= 400 && status < 500) return 'invalid_request';
  return 'internal_error';
}

/**
 * Outermost middleware: every 4xx/5xx leaves as the envelope of the contract, with no stack trace.
 * Unexpected errors are logged here and answered as `internal_error`.
 */
export function errorEnvelopeMiddleware(cfg: Config): Middleware {
  const links = { baseUrl: cfg.BASE_URL };
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new ApiError('not_found', `No route ${ctx.method} ${ctx.path}`);
      // The routers' allowedMethods: 405 for a known path, 501 for a method no route uses (e.g. TRACE).
      if ((ctx.status === 405 || ctx.status === 501) && ctx.body === undefined) {
        const allow = ctx.response.get('Allow');
        throw new ApiError('method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}${allow ? `; use ${allow}` : ''}`, undefined, allow ? { Allow: allow } : {});
      }
    } catch (err) {
      let code: ErrorCode;
      let message: string;
      let retryAfter: number | undefined;
      let headers: Record<string, string> = {};
      let details: ApiError['details'] = {};
      if (err instanceof ApiError) {
        ({ code, message, retryAfter, headers, details } = err);
      } else {
        const httpError = err as { status?: number; statusCode?: number; message?: string; code?: string };
        const status = httpError.status ?? httpError.statusCode;
        if (status && status < 500) {
          code = httpError.code && isErrorCode(httpError.code) ? httpError.code : codeForHttpError(status);
          message = httpError.message ?? code;
        } else {
          code = 'internal_error';
          message = 'An unexpected error occurred; it was logged.';
          ctx.app.emit('error', err, ctx);
        }
      }
      ctx.status = ERRORS[code].status;
      ctx.set(headers);
      ctx.body = errorEnvelope(code, message, links, retryAfter, details);
    }
  };
}
