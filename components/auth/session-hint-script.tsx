import { SESSION_PRESENCE_COOKIE } from '@/lib/auth/session-presence';

// Runs before the header is parsed, so a signed-in visitor never sees the signed-out header flash by.
const script = `document.documentElement.dataset.session=/(^|; )${SESSION_PRESENCE_COOKIE}=[^;]/.test(document.cookie)?"in":"out"`;

export function SessionHintScript() {
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}
