import { writeFileSync } from 'node:fs';
import { signIn } from './lib/auth/signed-in-session.ts';
import { createConfirmedUser } from './lib/auth/test-user.ts';
import { PORTS, publishableKey, secretKey, productUrl } from './lib/ports.ts';
import { startAuthServer } from './lib/servers/auth-server.ts';
const auth = await startAuthServer({ port: PORTS.auth, mailPort: PORTS.mail, siteUrl: productUrl });
const user = await createConfirmedUser(auth.url, secretKey);
const session = await signIn(auth.url, publishableKey, user);
writeFileSync('/tmp/cookie.txt', session.cookieHeader);
console.log('ready', auth.process.child.pid);
process.on('SIGINT', () => {
  auth.process.child.kill();
  process.exit(0);
});
setInterval(() => {}, 1 << 30);
