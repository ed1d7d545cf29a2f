'use client';

import type { ComponentProps } from 'react';
import { clearRuntimeCaches } from '@/lib/pwa/clear-runtime-caches';

/**
 * A <form> that empties the service worker's runtime caches as it submits; wrap the sign-out
 * form with it (`<ClearCachesForm action={signOut}>`). The submission itself is not delayed:
 * the runtime caches only ever hold static files, so this is a second line of defence.
 */
export function ClearCachesForm({ onSubmit, ...props }: ComponentProps<'form'>) {
  const handleSubmit: NonNullable<ComponentProps<'form'>['onSubmit']> = (event) => {
    void clearRuntimeCaches();
    onSubmit?.(event);
  };
  return <form {...props} onSubmit={handleSubmit} />;
}
