'use client';

import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Reloads the address the visitor was opening (the offline page is served in its place). */
export function RetryButton({ label }: { label: string }) {
  return (
    <Button type="button" onClick={() => window.location.reload()}>
      <RotateCw aria-hidden="true" />
      {label}
    </Button>
  );
}
