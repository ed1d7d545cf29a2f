import { codeBody } from './layout.ts';
import { defineMail, shared } from './mail.ts';

export default defineMail({
  words: [
    'preheader',
    'heading',
    'intro',
    shared('resetPassword', 'button'),
    shared('codeLabel'),
    'ignore',
    'footer',
  ],
  body: codeBody('recovery'),
});
