// Mirrors [auth.email] enable_confirmations and double_confirm_changes in supabase/config.toml (GoTrue's secure
// email change; tests/unit/password-policy.test.ts keeps them in step): an email change then mails a link and a code
// to the current address as well as to the new one, and needs both.
export const secureEmailChange = true;
