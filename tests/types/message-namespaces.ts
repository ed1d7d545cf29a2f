// Checked by `npm run typecheck`, never run: the namespaces handed to client providers are typed from next-intl's
// AppConfig (i18n/messages.ts), so each line below must stay a type error.
import type { Messages } from 'next-intl';
import { type Namespace, pickMessages } from '@/i18n/messages';

// @ts-expect-error: not a namespace of messages/en.json
export const misspeltNamespace: Namespace = 'TwoFactors';

// @ts-expect-error: a misspelt namespace handed to a client provider
export const misspeltPick = pickMessages({}, ['TwoFactor', 'AuthFrom']);

// @ts-expect-error: not a key of the AuthErrors namespace
export const misspeltKey = pickMessages<Messages['AuthErrors']>({}, ['passkeyCanceled']);
