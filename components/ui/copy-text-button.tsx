'use client';

import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-browser-value';

/** Copies a text to the clipboard and says so. Shown once JavaScript runs (it needs it); the text stays selectable anyway. */
export function CopyTextButton({
  text,
  label,
  doneLabel,
}: {
  text: string;
  label: string;
  doneLabel: string;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setCopied(true),
            // Clipboard refused (permissions, insecure context): the key is on screen to select by hand.
            () => setCopied(false),
          )
        }
      >
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {label}
      </Button>
      <span role="status" className="text-sm text-muted-foreground">
        {copied ? doneLabel : ''}
      </span>
    </>
  );
}
