// `npm run templates`: writes supabase/templates/*.html, which GoTrue reads one by one (no includes), from the
// layout, words and mails in supabase/templates/src/.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEMPLATES_DIR, emailTemplates } from '../supabase/templates/src/templates.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
for (const [file, text] of Object.entries(emailTemplates())) {
  writeFileSync(path.join(root, TEMPLATES_DIR, file), text);
  console.log(`wrote ${TEMPLATES_DIR}/${file}`);
}
