import { Alert, AlertDescription } from '@/components/ui/alert';

/** A page-level note: a saved or deleted notice (status), or the Data API out of reach. */
export function NotesAlert({ text, failed = false }: { text: string; failed?: boolean }) {
  return (
    <Alert role={failed ? 'alert' : 'status'} variant={failed ? 'destructive' : 'default'}>
      <AlertDescription className={failed ? undefined : 'text-foreground'}>{text}</AlertDescription>
    </Alert>
  );
}
