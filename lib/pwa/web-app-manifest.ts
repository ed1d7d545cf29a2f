import type { Locale } from 'next-intl';
import { textDirection } from '@/i18n/locales';
import { getPathname } from '@/i18n/navigation';
import { appColors } from './app-colors';

interface ManifestTexts {
  name: string;
  shortName: string;
  description: string;
  accountShortcut: string;
  signInShortcut: string;
  wideScreenshot: string;
  narrowScreenshot: string;
}

const icon = (size: number, purpose: 'any' | 'maskable') => ({
  src: `/icons/${purpose === 'any' ? 'icon' : 'maskable'}-${size}.png`,
  sizes: `${size}x${size}`,
  type: 'image/png',
  purpose,
});

/** The web app manifest of one language: each language installs as its own app, opening in that language. */
export function webAppManifest(locale: Locale, texts: ManifestTexts) {
  const home = getPathname({ href: '/', locale });
  return {
    id: home,
    name: texts.name,
    short_name: texts.shortName,
    description: texts.description,
    lang: locale,
    dir: textDirection(locale),
    start_url: home,
    // The whole origin, so switching language inside the installed app stays in its window.
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: appColors.light.theme,
    background_color: appColors.light.background,
    // Chromium's proposal for dark-mode window colors; other browsers ignore it.
    user_preferences: {
      color_scheme: {
        dark: { theme_color: appColors.dark.theme, background_color: appColors.dark.background },
      },
    },
    icons: [icon(192, 'any'), icon(512, 'any'), icon(192, 'maskable'), icon(512, 'maskable')],
    screenshots: [
      {
        src: `/screenshots/${locale}-wide.jpg`,
        sizes: '1280x720',
        type: 'image/jpeg',
        form_factor: 'wide',
        label: texts.wideScreenshot,
      },
      {
        src: `/screenshots/${locale}-narrow.jpg`,
        sizes: '540x960',
        type: 'image/jpeg',
        form_factor: 'narrow',
        label: texts.narrowScreenshot,
      },
    ],
    shortcuts: [
      {
        name: texts.accountShortcut,
        url: getPathname({ href: '/account', locale }),
        icons: [icon(192, 'any')],
      },
      {
        name: texts.signInShortcut,
        url: getPathname({ href: '/sign-in', locale }),
        icons: [icon(192, 'any')],
      },
    ],
  };
}
