import { noticeBody } from './layout.ts';
import { defineMail, shared } from './mail.ts';

export default defineMail({
  note: 'No link here signs anyone in.',
  words: [
    'preheader',
    'heading',
    'intro',
    'oldLabel',
    'newLabel',
    'notYou',
    shared('goToAccount', 'button'),
    'footer',
  ],
  body: noticeBody('/account', [
    ['$oldLabel', '.OldEmail'],
    ['$newLabel', '.Email'],
  ]),
});
