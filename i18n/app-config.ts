import type messages from '@/messages/en.json';
import type { locales } from './locales';

// next-intl's type augmentation: a locale outside the list or a message key missing from English is a type error.
declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof locales)[number];
    Messages: typeof messages;
  }
}
