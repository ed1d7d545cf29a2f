import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { dictionary } from '@zxcvbn-ts/language-common';

// ASVS 6.2.4: new passwords are checked against zxcvbn-ts's list of about 49,000 common passwords. Server only (the
// list is half a megabyte): the actions call this after the shared schema, never the browser's form code.

/** zxcvbn's score 0 and 1: under a million guesses, a list entry or a small change of one ("Passw0rd", "1Password"). */
const minimumScore = 2;

/**
 * ASVS 6.1.2 and 6.2.11: the context-specific words a guesser tries first here, refused like common passwords (and
 * small changes of them: "Polyglot2026"). A team adds its company and product names.
 */
export const contextWords: readonly string[] = ['polyglot', 'supabase'];

let checker: ZxcvbnFactory | undefined;

/**
 * Whether a password is a common one, or guessable from one, from the context words or from `userInputs` (the
 * user's own email address): built on first use (about 50 ms), then ~1 ms a check.
 */
export function isCommonPassword(password: string, userInputs: readonly string[] = []): boolean {
  checker ??= new ZxcvbnFactory({ dictionary: { 'passwords-common': dictionary['passwords-common'] } });
  const inputs = userInputs.flatMap((input) => {
    const local = input.split('@')[0] ?? '';
    return [input, local, compact(local), ...input.split(/[@.+_-]/).filter((part) => part.length > 2)];
  });
  const words = [...contextWords, ...inputs];
  if (checker.check(password, words).score < minimumScore) return true;
  // A word a guesser knows with digits and symbols around it ("Polyglot2026!", "john.smith.1985!") is that word:
  // zxcvbn counts the decoration as guessing work, a guesser's rules try it first.
  const core = password.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (core === '') return true;
  const known = new Set(words.map(compact).filter((word) => word.length > 2));
  return known.has(compact(core)) || (core !== password && checker.check(core, words).score < minimumScore);
}

/** A word without case, separators or digits: "John.Smith.1985" and "johnsmith" compare equal. */
function compact(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}]+/gu, '');
}
