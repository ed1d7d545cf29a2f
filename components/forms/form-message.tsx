import { CircleAlert, CircleCheck } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import type { FormState } from '@/lib/forms/form-state';

/** The form-level outcome, announced: errors as alerts, successes as status. */
export function FormMessage({ state }: { state: FormState }) {
  if (!state.message) return null;
  const failed = state.status === 'error';
  return (
    <Alert
      variant={failed ? 'destructive' : 'default'}
      role={failed ? 'alert' : 'status'}
      data-testid="form-message"
    >
      {failed ? <CircleAlert aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
      <AlertDescription className={failed ? undefined : 'text-foreground'}>{state.message}</AlertDescription>
    </Alert>
  );
}
