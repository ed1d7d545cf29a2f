import type { z } from 'zod/mini';
import type * as FormSchemas from './form-schemas';

/**
 * A loader for one of the form schemas, for `useValidatedAction`: the schemas (and zod) stay out of the page's
 * first load and arrive as one chunk when a form first gets focus.
 */
export function loadFormSchema(
  pick: (schemas: typeof FormSchemas) => z.ZodMiniType,
): () => Promise<z.ZodMiniType> {
  return () => import('./form-schemas').then(pick);
}
