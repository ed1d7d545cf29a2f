import { isLoopbackUrl, localPublishableKey, localSecretKey } from '../../../lib/env/local-supabase';

// Ports and URLs of the end-to-end stack, shared by playwright.config.ts and the specs.
export const appPort = Number(process.env.E2E_APP_PORT ?? 3100);
export const appUrl = `http://localhost:${appPort}`;

// Hosted Supabase when configured; otherwise our local auth server on its own test ports.
export const hostedSupabaseUrl = process.env.NEXT_PUBLIC_SUPABASE_URL;
const localAuthPort = Number(process.env.E2E_AUTH_PORT ?? 55421);
const localMailPort = Number(process.env.E2E_MAIL_PORT ?? 55424);
const localSmtpPort = Number(process.env.E2E_SMTP_PORT ?? 55425);

export const usesLocalAuth = !hostedSupabaseUrl || isLoopbackUrl(hostedSupabaseUrl);
export const supabaseUrl = usesLocalAuth ? `http://127.0.0.1:${localAuthPort}` : hostedSupabaseUrl!;
export const authPort = localAuthPort;
export const mailboxUrl = `http://127.0.0.1:${localMailPort}`;
export const mailPort = localMailPort;
/** The mailbox's SMTP port: the app's own mail (SMTP_URL) arrives in the same mailbox. */
export const smtpPort = localSmtpPort;

// The Supabase CLI's well-known local keys (the local auth server accepts them).
export const publishableKey = process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY ?? localPublishableKey;
export const secretKey = process.env.SUPABASE_SECRET_KEY ?? localSecretKey;

/**
 * The client-IP header the e2e app trusts (TRUSTED_IP_HEADER), as a proxy in front of it would set it: a spec that
 * sends it is a visitor of its own to GoTrue's per-IP limits; requests without it share the app server's.
 */
export const trustedIpHeader = 'x-e2e-client-ip';
