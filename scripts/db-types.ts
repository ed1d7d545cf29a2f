// `npm run db:types`: lib/supabase/database.types.ts from supabase/migrations, as `supabase gen types --local` writes it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TYPES_FILE, projectTypes } from '../local-supabase/src/db/project-types.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
writeFileSync(path.join(root, TYPES_FILE), await projectTypes(root));
console.log(`wrote ${TYPES_FILE}`);
