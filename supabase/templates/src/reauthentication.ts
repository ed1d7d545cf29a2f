import { codeBody } from './layout.ts';
import { defineMail, shared } from './mail.ts';

export default defineMail({
  words: ['preheader', 'heading', 'intro', shared('ignoreIfNotAsked', 'ignore'), 'footer'],
  body: codeBody(),
});
