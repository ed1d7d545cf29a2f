import { identityNotice } from './notices.ts';

export default identityNotice('notYouCanSignIn');
