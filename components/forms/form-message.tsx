import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import type { FormState } from '@/lib/forms/form-state';

/** The form-level outcome, announced: errors as alerts, successes as status; `children` go under the text. */
export function FormMessage({ state, children }: { state: FormState; children?: ReactNode }) {
  if (!state.message) return null;
  const failed = state.status === 'error';
  return (
    <Alert
      variant={failed ? 'destructive' : 'default'}
      role={failed ? 'alert' : 'status'}
      data-testid="form-message"
    >
      {failed ? <CircleAlert aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
      <AlertDescription className={failed ? undefined : 'text-foreground'}>
        {children ? (
          <div>
            <p>{state.message}</p>
            {children}
          </div>
        ) : (
          state.message
        )}
      </AlertDescription>
    </Alert>
  );
}
