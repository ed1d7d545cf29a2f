/** Settings and defaults the local server reads from `[auth]` in supabase/config.toml. */
export const TEMPLATE_KINDS = [
  'confirmation',
  'invite',
  'recovery',
  'magic_link',
  'email_change',
  'reauthentication',
] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** `[auth.email.notification.<kind>]`: GoTrue's security notices (templates `<kind>_notification`). */
export const NOTIFICATION_KINDS = [
  'password_changed',
  'email_changed',
  'phone_changed',
  'identity_linked',
  'identity_unlinked',
  'mfa_factor_enrolled',
  'mfa_factor_unenrolled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** `[auth.hook.<name>]`: GoTrue's extensibility points (conf.HookConfiguration). */
export const HOOK_NAMES = [
  'mfa_verification_attempt',
  'password_verification_attempt',
  'custom_access_token',
  'send_email',
  'send_sms',
  'before_user_created',
  'after_user_created',
] as const;
export type HookName = (typeof HOOK_NAMES)[number];

/** One hook: `pg-functions://postgres/<schema>/<function>` or an http(s) URL signed with `secrets` (`v1,whsec_…`). */
export interface HookConfig {
  enabled: boolean;
  uri: string;
  secrets: string[];
}

export interface EmailTemplate {
  subject: string;
  content: string;
}

export interface AuthConfig {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  enableRefreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  enableSignup: boolean;
  enableAnonymousSignIns: boolean;
  enableManualLinking: boolean;
  /** Absolute path of `[auth] signing_keys_path` (resolved against supabase/), or "". */
  signingKeysPath: string;
  minimumPasswordLength: number;
  passwordRequiredCharacters: string[];
  /**
   * GoTrue's GOTRUE_PASSWORD_HIBP_ENABLED (no CLI key; hosted: "Prevent use of leaked passwords", the Management
   * API's `password_hibp_enabled`): new passwords on a list of leaked ones answer weak_password, reason `pwned`.
   */
  passwordHibp: boolean;
  email: {
    enableSignup: boolean;
    enableConfirmations: boolean;
    doubleConfirmChanges: boolean;
    securePasswordChange: boolean;
    maxFrequencySeconds: number;
    otpLength: number;
    otpExpiry: number;
  };
  /**
   * Events per window per client IP: email_sent per hour (global), anonymous_users per hour, MFA challenges and
   * verifications per minute (each its own bucket), the others (passkey sign-in options included) per 5 minutes.
   */
  rateLimit: {
    emailSent: number;
    tokenRefresh: number;
    signInSignUps: number;
    tokenVerifications: number;
    anonymousUsers: number;
    passkey: number;
    mfaChallengeAndVerify: number;
  };
  /**
   * `[auth.sessions]` (GOTRUE_SESSIONS_TIMEBOX / _INACTIVITY_TIMEOUT): milliseconds from sign-in, and from the last
   * refresh, after which a refresh answers `session_expired`; 0 = off.
   */
  sessions: { timeboxMs: number; inactivityTimeoutMs: number };
  /**
   * GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD. No CLI key; hosted projects set the Management API's
   * `security_update_password_require_current_password`.
   */
  updatePasswordRequireCurrentPassword: boolean;
  /** `[auth.passkey]` with GoTrue's GOTRUE_PASSKEY_* variables. */
  passkey: { enabled: boolean; maxPerUser: number };
  /** `[auth.webauthn]`: the relying party, with GoTrue's GOTRUE_WEBAUTHN_* variables. */
  webauthn: { rpId: string; rpDisplayName: string; rpOrigins: string[]; challengeExpiryMs: number };
  /** `[auth.mfa]` and GoTrue's GOTRUE_MFA_* settings. */
  mfa: {
    maxEnrolledFactors: number;
    maxVerifiedFactors: number;
    /** Seconds a challenge can be verified (GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION). */
    challengeExpirySeconds: number;
    /** Seconds an unverified, never challenged factor lives (GOTRUE_MFA_FACTOR_EXPIRY_DURATION). */
    factorExpirySeconds: number;
    totp: { enrollEnabled: boolean; verifyEnabled: boolean };
    /** `[auth.mfa.web_authn]` (GOTRUE_MFA_WEB_AUTHN_*): security keys and passkeys as a second factor. */
    webAuthn: { enrollEnabled: boolean; verifyEnabled: boolean };
    /**
     * GoTrue 2.197's recovery codes (GOTRUE_MFA_RECOVERY_CODES_* only: the CLI has no config.toml key yet):
     * off by default, `count` codes of `codeLength` characters, locked for `lockoutMs` after `maxVerifyAttempts`
     * wrong ones in a row.
     */
    recoveryCodes: {
      enrollEnabled: boolean;
      verifyEnabled: boolean;
      count: number;
      codeLength: number;
      maxVerifyAttempts: number;
      lockoutMs: number;
    };
  };
  external: Record<string, { enabled: boolean; clientId: string }>;
  templates: Record<TemplateKind, EmailTemplate>;
  /** Security notices; GoTrue sends none unless enabled (GOTRUE_MAILER_NOTIFICATIONS_<KIND>_ENABLED). */
  notifications: Record<NotificationKind, EmailTemplate & { enabled: boolean }>;
  /** The From of every mail (the CLI's GOTRUE_SMTP_ADMIN_EMAIL and GOTRUE_SMTP_SENDER_NAME). */
  sender: { name: string; address: string };
  /** `[auth.hook.*]` with GoTrue's GOTRUE_HOOK_<NAME>_ENABLED / _URI / _SECRETS on top. */
  hooks: Record<HookName, HookConfig>;
}

/** Mailpit-backed CLI stacks get this email_sent limit: `[auth.rate_limit] email_sent` only applies to custom SMTP. */
export const LOCAL_MAILBOX_EMAIL_LIMIT = 360000;

/** Providers GoTrue lists in GET /settings `external`. */
export const KNOWN_PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'x',
  'email',
  'phone',
  'saml',
  'zoom',
];

/** The CLI's `password_requirements` names → GoTrue's GOTRUE_PASSWORD_REQUIRED_CHARACTERS sets. */
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';
export const PASSWORD_REQUIREMENTS: Record<string, string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

/** GoTrue's built-in subjects and bodies, used when config.toml names no template. */
export const DEFAULT_TEMPLATES: Record<TemplateKind, EmailTemplate> = {
  confirmation: {
    subject: 'Confirm Your Email',
    content:
      '<h2>Confirm your email</h2><p>Follow this link to confirm your email:</p><p><a href="{{ .ConfirmationURL }}">Confirm your email address</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  invite: {
    subject: 'You have been invited',
    content:
      '<h2>You have been invited</h2><p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p><p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  recovery: {
    subject: 'Reset Your Password',
    content:
      '<h2>Reset Password</h2><p>Follow this link to reset the password for your user:</p><p><a href="{{ .ConfirmationURL }}">Reset Password</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  magic_link: {
    subject: 'Your Magic Link',
    content:
      '<h2>Magic Link</h2><p>Follow this link to login:</p><p><a href="{{ .ConfirmationURL }}">Log In</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  email_change: {
    subject: 'Confirm Email Change',
    content:
      '<h2>Confirm email address change</h2><p>Follow this link to confirm the update of your email address from {{ .Email }} to {{ .NewEmail }}:</p><p><a href="{{ .ConfirmationURL }}">Change email address</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  reauthentication: {
    subject: 'Confirm reauthentication',
    content: '<h2>Confirm reauthentication</h2><p>Enter the code: {{ .Token }}</p>',
  },
};

/** GoTrue's built-in notice subjects and bodies (mailer/templatemailer), used when config.toml names none. */
export const DEFAULT_NOTIFICATIONS: Record<NotificationKind, EmailTemplate> = {
  password_changed: {
    subject: 'Your password was changed',
    content:
      "<h2>Your password was changed</h2><p>The password for your account was recently changed.</p><p>If you didn't make this change, reset your password and contact support immediately.</p>",
  },
  email_changed: {
    subject: 'Your email address was changed',
    content:
      "<h2>Your email address was changed</h2><p>The email address for your account was changed from {{ .OldEmail }} to {{ .Email }}.</p><p>If you didn't make this change, contact support immediately.</p>",
  },
  phone_changed: {
    subject: 'Your phone number was changed',
    content:
      "<h2>Your phone number was changed</h2><p>The phone number for your account was changed from {{ .OldPhone }} to {{ .Phone }}.</p><p>If you didn't make this change, contact support immediately.</p>",
  },
  identity_linked: {
    subject: 'A new sign-in method was linked to your account',
    content:
      "<h2>A new sign-in method was linked</h2><p>Your {{ .Provider }} account was linked as a new sign-in method for {{ .Email }}.</p><p>If you didn't make this change, contact support immediately.</p>",
  },
  identity_unlinked: {
    subject: 'A sign-in method was removed from your account',
    content:
      "<h2>A sign-in method was removed</h2><p>Your {{ .Provider }} account was removed as a sign-in method for {{ .Email }}.</p><p>If you didn't make this change, contact support immediately.</p>",
  },
  mfa_factor_enrolled: {
    subject: 'A new verification method was added to your account',
    content:
      "<h2>A new verification method was added</h2><p>Sign-in verification method {{ .FactorType }} was added to your account.</p><p>If you didn't make this change, contact support immediately.</p>",
  },
  mfa_factor_unenrolled: {
    subject: 'A verification method was removed from your account',
    content:
      "<h2>A verification method was removed</h2><p>Sign-in verification method {{ .FactorType }} was removed from your account.</p><p>If you didn't make this change, contact support immediately.</p>",
  },
};
