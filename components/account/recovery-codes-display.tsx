'use client';

import { Download, Printer } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { formatRecoveryCode, recoveryCodesFile } from '@/lib/auth/recovery-codes';
import type { SecondFactorWays } from '@/lib/auth/two-factor';
import { useHydrated } from '@/lib/use-browser-value';
import { CopyTextButton } from '@/components/ui/copy-text-button';

const fileName = 'polyglot-recovery-codes.txt';

/**
 * A fresh set of recovery codes, shown once: the list, and ways to keep it (copy, a .txt download that needs no
 * JavaScript, print). Nothing here stores them; after a reload they are gone.
 */
export function RecoveryCodesDisplay({ codes, ways }: { codes: string[]; ways: SecondFactorWays }) {
  const t = useTranslations('RecoveryCodes');
  const hydrated = useHydrated();
  const file = recoveryCodesFile(t('fileHeading', { ways }), codes);
  return (
    // Not a landmark: a new set can be shown next to the one made with the first app (before a reload).
    <div
      className="grid gap-3 rounded-md border border-amber-500/60 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/30 dark:text-amber-50"
      data-testid="recovery-codes-shown"
    >
      <h3 className="font-semibold">{t('shownOnceTitle')}</h3>
      <p className="text-sm">{t('shownOnce', { ways })}</p>
      <ol
        aria-label={t('listLabel')}
        dir="ltr"
        translate="no"
        className="grid grid-cols-1 gap-1 font-mono text-sm tracking-wider sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {formatRecoveryCode(code)}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <CopyTextButton
          text={codes.map(formatRecoveryCode).join('\n')}
          label={t('copy')}
          doneLabel={t('copied')}
        />
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download={fileName}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <Download aria-hidden="true" />
          {t('download')}
        </a>
        {hydrated ? (
          <Button type="button" variant="outline" size="sm" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            {t('print')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
