import { noticeBody } from './layout.ts';
import { defineMail, shared } from './mail.ts';

export default defineMail({
  note: 'No link here signs anyone in.',
  words: [
    'preheader',
    'heading',
    'intro',
    shared('accountLabel'),
    'notYou',
    shared('resetPassword', 'button'),
    shared('securityFooter', 'footer'),
  ],
  body: noticeBody('/forgot-password', [['$accountLabel', '.Email']]),
});
