// `npm run templates`: writes supabase/templates/*.html, which GoTrue reads one by one (no includes), from the
// layout and mails in supabase/templates/src/ and the Email words of messages/<locale>.json, and each mail's
// subject line in supabase/config.toml from the same words.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONFIG_FILE,
  TEMPLATES_DIR,
  emailSubjects,
  emailTemplates,
  withSubjects,
} from '../supabase/templates/src/templates.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
for (const [file, text] of Object.entries(emailTemplates())) {
  writeFileSync(path.join(root, TEMPLATES_DIR, file), text);
  console.log(`wrote ${TEMPLATES_DIR}/${file}`);
}
const config = path.join(root, CONFIG_FILE);
writeFileSync(config, withSubjects(readFileSync(config, 'utf8'), emailSubjects()));
console.log(`wrote the subject lines of ${CONFIG_FILE}`);
