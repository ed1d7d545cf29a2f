'use client';

import { LoaderCircle } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ComponentProps } from 'react';
import { useFormStatus } from 'react-dom';
import { Button } from '@/components/ui/button';

/**
 * A submit button that shows the form's pending state (JavaScript on); a plain button without it. `pendingLabel`
 * says what the wait is for, where "Please wait" says too little (a passkey prompt).
 */
export function SubmitButton({
  children,
  pendingLabel,
  ...props
}: ComponentProps<typeof Button> & { pendingLabel?: string }) {
  const { pending } = useFormStatus();
  const t = useTranslations('AuthForm');
  return (
    <Button
      type="submit"
      aria-disabled={pending || undefined}
      {...props}
      onClick={(event) => pending && event.preventDefault()}
    >
      {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
      {pending ? <span>{pendingLabel ?? t('pending')}</span> : children}
    </Button>
  );
}
