import { dictionary } from '@zxcvbn-ts/language-common';

// Hosted Supabase's leaked-password protection asks HaveIBeenPwned (k-anonymity over the internet) on every new
// password. This server has no internet, so it reads an offline list instead: zxcvbn-ts's ~49,000 most common
// passwords (the project's app already ships it). A password is "pwned" when it is on the list whatever its case
// ("Password123"). The real service knows hundreds of millions more, so a password this server accepts may still be
// refused hosted; one it refuses would be refused there too.

let known: Set<string> | undefined;

export function isPwnedPassword(password: string): boolean {
  known ??= new Set(dictionary['passwords-common'] as string[]);
  return known.has(password.toLowerCase());
}
