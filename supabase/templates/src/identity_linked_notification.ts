import { noticeBody, providerName } from './layout.ts';
import { defineMail, shared } from './mail.ts';

export default defineMail({
  note: 'No link here signs anyone in.',
  words: [
    'preheader',
    'heading',
    'intro',
    shared('accountLabel'),
    shared('providerLabel'),
    shared('notYouCanSignIn', 'notYou'),
    shared('goToAccount', 'button'),
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
