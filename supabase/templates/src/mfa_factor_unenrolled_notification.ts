import { factorName, noticeBody } from './layout.ts';
import { defineMail, shared } from './mail.ts';

export default defineMail({
  note: 'No link here signs anyone in.',
  words: [
    'preheader',
    'heading',
    'intro',
    shared('accountLabel'),
    shared('methodLabel'),
    shared('notYouChangePassword', 'notYou'),
    shared('goToAccount', 'button'),
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
