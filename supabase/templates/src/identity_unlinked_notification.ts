import { identityNotice } from './notices.ts';

export default identityNotice('notYouChangePassword');
