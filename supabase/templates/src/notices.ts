// The security notices that name what changed in words: a sign-in method (identity_linked / _unlinked) or a
// two-factor method (mfa_factor_enrolled / _unenrolled). Each pair differs only in its own words and in what the
// reader should do if it was not them.
import { factorName, noticeBody, providerName } from './layout.ts';
import { defineMail, shared } from './mail.ts';
import type { SharedWord } from './words.ts';

const around = (notYou: SharedWord) => ({
  note: 'No link here signs anyone in.',
  head: ['preheader', 'heading', 'intro', shared('accountLabel')],
  tail: [shared(notYou, 'notYou'), shared('goToAccount', 'button')],
});

/** A sign-in method linked or removed, named by `providerName`. */
export function identityNotice(notYou: SharedWord) {
  const { note, head, tail } = around(notYou);
  return defineMail({
    note,
    words: [
      ...head,
      shared('providerLabel'),
      ...tail,
      shared('emailProvider'),
      shared('phoneProvider'),
      shared('securityFooter', 'footer'),
    ],
    setup: providerName,
    body: noticeBody('/account', [
      ['$accountLabel', '.Email'],
      ['$providerLabel', '$provider'],
    ]),
  });
}

/** A two-factor method added or removed, named by `factorName`. */
export function factorNotice(notYou: SharedWord) {
  const { note, head, tail } = around(notYou);
  return defineMail({
    note,
    words: [
      ...head,
      shared('methodLabel'),
      ...tail,
      shared('totp'),
      shared('webauthn'),
      shared('phoneFactor'),
      shared('securityFooter', 'footer'),
    ],
    setup: factorName,
    body: noticeBody('/account', [
      ['$accountLabel', '.Email'],
      ['$methodLabel', '$method'],
    ]),
  });
}
