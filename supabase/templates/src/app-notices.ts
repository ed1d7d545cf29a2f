// The security notices the app sends itself (lib/mail/notices.ts), not GoTrue: the same layout (layout.ts) and
// words as the templates beside them, `Email.<name>` and `Email.shared` in messages/<locale>.json. Each names the
// words it prints; lib/mail/words.ts reads them.
import { button, paragraph } from './layout.ts';
import { type Word, shared } from './mail.ts';
import type { AppMailName } from './words.ts';

/** A notice: the words its subject, the layout's notice body and its plain-text part print, and its page. */
export interface AppNotice {
  /** Its words' group under `Email`. */
  name: AppMailName;
  /** The page of the site its one button opens, after the locale. */
  path: string;
  words: Word[];
}

/** A notice about the account's recovery codes, which says what to do if it was not the reader in `notYou`. */
const codesNotice = (name: AppMailName, notYou: Word): AppNotice => ({
  name,
  path: '/account',
  words: [
    'subject',
    'preheader',
    'heading',
    'intro',
    shared('accountLabel'),
    shared('timeLabel'),
    notYou,
    shared('goToAccount', 'button'),
    shared('securityFooter', 'footer'),
  ],
});

/** Someone signed in with one of the account's recovery codes instead of the second factor. */
export const recoveryCodeUsed = codesNotice('app_recovery_code_used', 'notYou');

/** The account's first set of recovery codes was created. */
export const recoveryCodesCreated = codesNotice(
  'app_recovery_codes_created',
  shared('notYouCodesChanged', 'notYou'),
);

/** A new set of recovery codes replaced the old one, which no longer works. */
export const recoveryCodesReplaced = codesNotice(
  'app_recovery_codes_replaced',
  shared('notYouCodesChanged', 'notYou'),
);

/**
 * An invitation to join a team (lib/mail/team-invitation.ts): who invited the reader to which team with which
 * role, one button to the invitation's page (its link carries the token, once), how long it stays open, and that
 * it can be ignored. The team's name is the team's own text, in its own direction.
 */
export const teamInvitation = {
  name: 'app_team_invitation',
  words: [
    'subject',
    'preheader',
    'heading',
    'intro',
    'teamLabel',
    'roleLabel',
    'invitedByLabel',
    'button',
    'expires',
    'ignore',
    'footer',
    'roleAdmin',
    'roleMember',
  ],
} as const satisfies { name: AppMailName; words: Word[] };

/** The invitation's body between heading and footer, as Go template text the renderer fills. */
export const teamInvitationBody = [
  ...paragraph('{{ $intro }}', 16),
  `<p class="detail" style="margin:0 0 4px;">{{ $teamLabel }} <strong dir="auto">{{ .TeamName }}</strong></p>`,
  `<p class="detail" style="margin:0 0 4px;">{{ $roleLabel }} <strong>{{ $role }}</strong></p>`,
  `<p class="detail" style="margin:0 0 24px;">{{ $invitedByLabel }} <strong dir="ltr">{{ .InvitedBy }}</strong></p>`,
  ...button('{{ .SiteURL }}/{{ $lang }}/invitations/{{ .Token }}', 24),
  ...paragraph('{{ $expires }}', 8),
  ...paragraph('{{ $ignore }}', 0),
];
