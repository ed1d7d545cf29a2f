'use client';

import { useLocale } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { avatarSource, initials, servedAvatarSize } from '@/lib/avatars/avatar-rules';
import { cn } from '@/lib/class-names';

/**
 * A profile picture in a circle over the user's initials, which show wherever there is no picture (none set, or the
 * request failed). `version`: the current picture's (from the session's user_metadata on the account page, from the
 * presence hint in the header), or null when there is none: then nothing is requested.
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
  version: string | null;
  /** Empty where the picture sits beside the name it would repeat (WCAG technique H2). */
  alt: string;
  className?: string;
}) {
  const locale = useLocale();
  // The version that failed to load (a picture removed in another tab): the initials until the version changes.
  const [failed, setFailed] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  // It may have failed before React attached its handler.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(version);
  }, [version]);
  return (
    <span
      className={cn(
        'relative inline-grid shrink-0 place-items-center overflow-hidden rounded-full bg-muted font-medium text-muted-foreground select-none',
        className,
      )}
      style={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      <span aria-hidden="true">{initials(name, locale)}</span>
      {version === null || failed === version ? null : (
        // eslint-disable-next-line @next/next/no-img-element -- the route already serves it resized; next/image would fetch it again through its own optimizer
        <img
          ref={image}
          // The version in the address: each picture is its own cacheable URL, and a replaced one is fetched anew.
          src={avatarSource(servedAvatarSize(size), version)}
          alt={alt}
          width={size}
          height={size}
          onError={() => setFailed(version)}
          className="absolute inset-0 size-full object-cover"
          data-testid="avatar-image"
        />
      )}
    </span>
  );
}
