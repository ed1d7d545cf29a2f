import { Alert, AlertDescription } from '@/components/ui/alert';

/** A page-level note: what a change just did (status), or the Data API out of reach. */
export function TeamsAlert({ text, failed = false }: { text: string; failed?: boolean }) {
  return (
    <Alert role={failed ? 'alert' : 'status'} variant={failed ? 'destructive' : 'default'}>
      <AlertDescription className={failed ? undefined : 'text-foreground'}>{text}</AlertDescription>
    </Alert>
  );
}
