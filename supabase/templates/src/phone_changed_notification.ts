import { noticeBody } from './layout.ts';
import { defineMail, shared } from './mail.ts';

export default defineMail({
  note: 'No link here signs anyone in.',
  words: [
    'preheader',
    'heading',
    'intro',
    shared('accountLabel'),
    'oldLabel',
    'newLabel',
    shared('notYouChangePassword', 'notYou'),
    shared('goToAccount', 'button'),
    shared('securityFooter', 'footer'),
  ],
  body: noticeBody('/account', [
    ['$accountLabel', '.Email'],
    ['$oldLabel', '.OldPhone'],
    ['$newLabel', '.Phone'],
  ]),
});
