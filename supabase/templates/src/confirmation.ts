import { codeBody } from './layout.ts';
import { defineMail, shared } from './mail.ts';

export default defineMail({
  words: ['preheader', 'heading', 'intro', 'button', shared('codeLabel'), 'ignore', 'footer'],
  body: codeBody('signup'),
});
