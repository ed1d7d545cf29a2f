import { codeBody } from './layout.ts';
import { defineMail, shared } from './mail.ts';

export default defineMail({
  words: [
    'preheader',
    'heading',
    'intro',
    'introTo',
    'introEnd',
    'button',
    shared('codeLabel'),
    shared('ignoreIfNotAsked', 'ignore'),
    'footer',
  ],
  body: codeBody(
    'email_change',
    '{{ $intro }} <span dir="ltr">{{ .Email }}</span> {{ $introTo }} <span dir="ltr">{{ .NewEmail }}</span>{{ $introEnd }}',
  ),
});
