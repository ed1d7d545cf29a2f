'use client';

import { useLocale } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { avatarSizes, initials } from '@/lib/avatars/avatar-rules';
import { cn } from '@/lib/class-names';

/**
 * A profile picture in a circle over the user's initials, which show wherever there is no picture (none set, not
 * loaded yet, or the request failed). `version`: null when the page knows there is none, a string naming the
 * current one, or undefined where the page cannot know (the shared header), which asks and falls back on a 404.
 */
export function AvatarImage({
  name,
  size,
  version,
  alt,
  className,
}: {
  name: string;
  /** Display size in CSS pixels. */
  size: number;
  version?: string | null;
  /** Empty where the picture sits beside the name it would repeat (WCAG technique H2). */
  alt: string;
  className?: string;
}) {
  const locale = useLocale();
  const image = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(version !== undefined);
  // It may have loaded (or failed) before React attached its handlers.
  useEffect(() => {
    const element = image.current;
    if (!element?.complete) return;
    if (element.naturalWidth > 0) setLoaded(true);
    else setFailed(true);
  }, []);
  const source = `/api/avatar?size=${avatarSizes.find((served) => served >= size) ?? avatarSizes.at(-1)}${version ? `&v=${encodeURIComponent(version)}` : ''}`;
  return (
    <span
      className={cn(
        'relative inline-grid shrink-0 place-items-center overflow-hidden rounded-full bg-muted font-medium text-muted-foreground select-none',
        className,
      )}
      style={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      <span aria-hidden="true">{initials(name, locale)}</span>
      {version === null || failed ? null : (
        // eslint-disable-next-line @next/next/no-img-element -- the route already serves it resized; next/image would fetch it again through its own optimizer
        <img
          ref={image}
          src={source}
          alt={alt}
          width={size}
          height={size}
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
          className={cn('absolute inset-0 size-full object-cover', loaded ? undefined : 'invisible')}
          data-testid="avatar-image"
        />
      )}
    </span>
  );
}
