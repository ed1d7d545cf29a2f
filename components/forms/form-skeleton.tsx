import { Skeleton } from '@/components/ui/skeleton';

/** Holds the form's place while the request-specific part (search params, cookies) streams in. */
export function FormSkeleton({ fields = 2 }: { fields?: number }) {
  return (
    <div className="grid gap-4" aria-hidden="true">
      {Array.from({ length: fields }, (_, index) => (
        <div key={index} className="grid gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-control w-full" />
        </div>
      ))}
      <Skeleton className="h-control w-full" />
    </div>
  );
}
