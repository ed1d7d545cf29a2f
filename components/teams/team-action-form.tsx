'use client';

import { useLocale } from 'next-intl';
import { type ComponentProps, type ReactNode, useActionState } from 'react';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { cn } from '@/lib/class-names';
import { type FormState, initialFormState } from '@/lib/forms/form-state';

/**
 * A one-button team form (resend, revoke, remove, leave, transfer, accept, decline, change a role): its hidden
 * fields, what else it asks (`children`), the database's answer above it when it refuses. A plain form post without
 * JavaScript; `answer` is that post's answer (lib/forms/no-script-state.ts).
 */
export function TeamActionForm({
  action,
  answer,
  fields,
  children,
  submit,
  variant,
  className,
  testId,
}: {
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  answer?: FormState;
  fields: Record<string, string>;
  children?: ReactNode;
  submit: ReactNode;
  variant?: ComponentProps<typeof SubmitButton>['variant'];
  className?: string;
  testId?: string;
}) {
  const locale = useLocale();
  const [state, formAction] = useActionState(action, answer ?? initialFormState);
  return (
    <form action={formAction} className={cn('grid gap-2', className)} data-testid={testId}>
      <input type="hidden" name="locale" value={locale} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormMessage state={state} />
      <div className="flex flex-wrap items-end gap-2">
        {children}
        <SubmitButton variant={variant ?? 'outline'} size="sm">
          {submit}
        </SubmitButton>
      </div>
    </form>
  );
}
