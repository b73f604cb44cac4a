import { z } from 'zod';

/**
 * DOCUMENTATION ONLY: request schemas of routes that are being built and not yet in `src/contract/requests.ts`.
 * When a route lands, move its schema to schemas.ts (the API must validate with the same object the
 * document shows) and import it in `documented-requests.ts` instead.
 */

export const keyIdParams = z.object({ id: z.string().meta({ description: 'Public id of the key (`key_…`).' }) });
