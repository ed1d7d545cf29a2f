import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface FormFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'name'> {
  name: string;
  label: string;
  error?: string;
  /** Help shown before submit (e.g. the password policy), linked with aria-describedby. */
  description?: ReactNode;
  idPrefix?: string;
}

/** Label, input, help and error, wired together for assistive technology. */
export function FormField({ name, label, error, description, idPrefix = 'field', ...input }: FormFieldProps) {
  const id = `${idPrefix}-${name}`;
  const describedBy = [description ? `${id}-description` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {description ? (
        <div id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
