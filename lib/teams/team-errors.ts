// The database keeps the teams' rules (supabase/migrations/*_teams.sql) and raises each refusal as SQLSTATE P0001
// with one of these codes as its message (docs/teams.md); the app only words them, under `Teams.errors`.

export const teamErrorCodes = [
  'team_last_owner',
  'team_role_forbidden',
  'team_slug_taken',
  'team_invitation_limit',
  'team_invitation_daily_limit',
  'team_invitation_resend_too_soon',
  'team_invitation_member',
  'team_invitation_email_invalid',
  'team_member_not_found',
  'invitation_not_found',
  'invitation_expired',
  'invitation_revoked',
  'invitation_used',
  'invitation_declined',
  'invitation_wrong_address',
  'invitation_email_unconfirmed',
  'team_sole_owner',
] as const;

export type TeamErrorCode = (typeof teamErrorCodes)[number];

/**
 * What the form says for a refusal: the database's own code when it raised one, `notAllowed` for a row the caller may
 * not see or change (row-level security matched nothing, or refused the command: 42501), and null for anything else
 * (the Data API out of reach, a bug), which the caller logs and words as "unavailable".
 */
export function teamErrorKey(
  error: { code?: string; message?: string } | null | undefined,
): TeamErrorCode | 'notAllowed' | null {
  if (!error) return null;
  if (error.code === 'P0001' && (teamErrorCodes as readonly string[]).includes(error.message ?? ''))
    return error.message as TeamErrorCode;
  if (error.code === '42501') return 'notAllowed';
  return null;
}
