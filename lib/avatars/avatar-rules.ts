// Profile pictures: what the account page accepts, checked the same way with and without JavaScript. The bucket
// (supabase/config.toml, `avatars`) enforces the same limits again, so a request around the form meets them too.

/** The forms' names for their answers to a post without JavaScript (lib/forms/no-script-state.ts). */
export const avatarUploadForm = 'avatar-upload';
export const avatarRemoveForm = 'avatar-remove';

/** 5 MiB, the bucket's `file_size_limit`. */
export const avatarMaxBytes = 5 * 1024 * 1024;

/** The bucket's `allowed_mime_types`, in the order the file picker lists them. */
export const avatarTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AvatarType = (typeof avatarTypes)[number];

/** The sizes the app shows a picture at (CSS pixels); the route serves only these, so each is one cached image. */
export const avatarSizes = [32, 128] as const;

/** The served size for a display size: the smallest at least as large, or the largest there is. */
export function servedAvatarSize(size: number): (typeof avatarSizes)[number] {
  return avatarSizes.find((served) => served >= size) ?? avatarSizes.at(-1) ?? avatarSizes[0];
}

/** The app's address of the signed-in user's picture at one of avatarSizes, named by its version (app/api/avatar). */
export function avatarSource(size: (typeof avatarSizes)[number], version: string): string {
  return `/api/avatar?${new URLSearchParams({ size: String(size), v: version })}`;
}

/** One picture per user, under the folder the policies give its owner: replacing it is an upsert of the same name. */
export function avatarPath(userId: string): string {
  return `${userId}/avatar`;
}

/**
 * The image type the bytes are, from their signature, or null: the browser's declared type comes from the file
 * name, so a renamed document would otherwise pass as a picture.
 */
export function sniffAvatarType(head: Uint8Array): AvatarType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, index) => head[at + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export type AvatarProblem = 'empty' | 'tooBig' | 'wrongType';

/** What is wrong with a chosen file before its bytes are read: nothing chosen, too big, or not a picture's type. */
export function avatarFileProblem(file: { size: number; type: string } | null): AvatarProblem | null {
  if (!file || file.size === 0) return 'empty';
  if (file.size > avatarMaxBytes) return 'tooBig';
  if (!(avatarTypes as readonly string[]).includes(file.type)) return 'wrongType';
  return null;
}

/** The requested display size, or the smallest for anything else (a query value is whatever a visitor typed). */
export function avatarSize(value: string | null): (typeof avatarSizes)[number] {
  return avatarSizes.find((size) => String(size) === value) ?? avatarSizes[0];
}

/**
 * Up to two letters for the picture's place when there is none: the first letter of the first and last words of
 * the name (whole characters, so an accented or combined letter stays whole), in the locale's upper case.
 */
export function initials(name: string, locale: string): string {
  // An email address (a user with no display name) counts by the part before the @.
  const trimmed = name.trim();
  const words = (/\s/u.test(trimmed) ? trimmed : trimmed.split('@')[0]!).split(/\s+/u).filter(Boolean);
  const first = (word: string | undefined) =>
    word
      ? ([...new Intl.Segmenter(locale, { granularity: 'grapheme' }).segment(word)][0]?.segment ?? '')
      : '';
  const letters = words.length > 1 ? first(words[0]) + first(words.at(-1)) : first(words[0]);
  return letters.toLocaleUpperCase(locale);
}
