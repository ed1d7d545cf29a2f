'use client';

import {
  cloneElement,
  lazy,
  type ReactElement,
  Suspense,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { isIosSafari, runsInstalled } from '@/lib/pwa/install-environment';
import {
  installPromptSnapshot,
  noInstallPromptOnServer,
  promptInstall,
  subscribeToInstallPrompt,
} from '@/lib/pwa/install-prompt';

// Only iOS Safari needs the instructions dialog, so only it downloads that code.
const IosInstallDialog = lazy(() =>
  import('@/components/pwa/ios-install-dialog').then((m) => ({ default: m.IosInstallDialog })),
);

/** Shows the install button where it can work: the browser's prompt where offered, instructions on iOS Safari, nothing once installed. */
export function InstallOffer({ trigger }: { trigger: ReactElement<{ onClick?: () => void }> }) {
  const prompt = useSyncExternalStore(
    subscribeToInstallPrompt,
    installPromptSnapshot,
    noInstallPromptOnServer,
  );
  const [platform, setPlatform] = useState<'installed' | 'ios' | 'other'>('installed');

  useEffect(() => {
    // Read in an effect: the server cannot know, and the first client render must match it.
    const standalone = window.matchMedia('(display-mode: standalone)');
    const detect = () =>
      setPlatform(
        runsInstalled()
          ? 'installed'
          : isIosSafari(navigator.userAgent, navigator.maxTouchPoints)
            ? 'ios'
            : 'other',
      );
    detect();
    standalone.addEventListener('change', detect);
    return () => standalone.removeEventListener('change', detect);
  }, []);

  if (platform === 'installed') return null;
  if (platform === 'ios') {
    return (
      <Suspense fallback={null}>
        <IosInstallDialog trigger={trigger} />
      </Suspense>
    );
  }
  if (!prompt) return null;
  return cloneElement(trigger, { onClick: () => void promptInstall() });
}
