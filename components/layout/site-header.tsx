import { useTranslations } from 'next-intl';
import { SignedOutLinks } from '@/components/auth/signed-out-links';
import { UserMenu } from '@/components/auth/user-menu';
import { LocaleSwitcher } from '@/components/i18n/locale-switcher';
import { InstallButton } from '@/components/pwa/install-button';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { Link } from '@/components/navigation/link';

export function SiteHeader() {
  const tm = useTranslations('Metadata');
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 rounded-md font-semibold tracking-tight">
          <span
            aria-hidden="true"
            className="grid size-7 place-items-center rounded-md bg-primary text-sm text-primary-foreground"
          >
            P
          </span>
          {/* Below 360 px only the mark shows: the header must fit 320 px (WCAG reflow) in every language. */}
          <span className="max-[22.5rem]:sr-only">{tm('siteName')}</span>
        </Link>
        <div className="ms-auto flex items-center gap-1">
          <InstallButton />
          <LocaleSwitcher />
          <ThemeToggle />
          <SignedOutLinks />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
