'use client';

import { Download } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { isIosSafari, runsInstalled } from '@/lib/pwa/install-environment';
import { installPromptSnapshot, noInstallPromptOnServer, promptInstall, subscribeToInstallPrompt } from '@/lib/pwa/install-prompt';

// Only iOS Safari needs the instructions dialog, so only it downloads that code.
const IosInstallDialog = lazy(() => import('@/components/pwa/ios-install-dialog').then((m) => ({ default: m.IosInstallDialog })));

/** "Install app": the browser's prompt where offered, instructions on iOS Safari, hidden once installed. */
export function InstallButton() {
  const t = useTranslations('Install');
  const prompt = useSyncExternalStore(subscribeToInstallPrompt, installPromptSnapshot, noInstallPromptOnServer);
  const [platform, setPlatform] = useState<'installed' | 'ios' | 'other'>('installed');

  useEffect(() => {
    // Read in an effect: the server cannot know, and the first client render must match it.
    const standalone = window.matchMedia('(display-mode: standalone)');
    const detect = () => setPlatform(runsInstalled() ? 'installed' : isIosSafari(navigator.userAgent, navigator.maxTouchPoints) ? 'ios' : 'other');
    detect();
    standalone.addEventListener('change', detect);
    return () => standalone.removeEventListener('change', detect);
  }, []);

  if (platform === 'installed') return null;
  if (platform === 'ios') {
    return (
      <Suspense fallback={null}>
        <IosInstallDialog />
      </Suspense>
    );
  }
  if (!prompt) return null;
  return (
    <Button variant="ghost" size="sm" onClick={() => void promptInstall()}>
      <Download aria-hidden="true" />
      {t('button')}
    </Button>
  );
}
