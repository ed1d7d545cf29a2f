import type { ReactNode } from 'react';

/** The frame every auth screen shares: one heading, one short lead, the form, then links onward. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="mx-auto grid w-full max-w-md gap-6 px-4 py-12 sm:py-16">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      <div className="grid gap-6 rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
        {children}
      </div>
      {footer ? <div className="grid gap-2 text-center text-sm text-muted-foreground">{footer}</div> : null}
    </section>
  );
}
