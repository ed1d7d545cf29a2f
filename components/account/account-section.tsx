import type { ReactNode } from 'react';

export function AccountSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    // Focusable so a link from the section list moves focus here, not only the scroll position.
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="grid scroll-mt-20 gap-4 rounded-lg border bg-card p-6 text-card-foreground shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
      </div>
      {children}
    </section>
  );
}
