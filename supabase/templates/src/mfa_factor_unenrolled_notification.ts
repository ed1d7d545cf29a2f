import { factorNotice } from './notices.ts';

export default factorNotice('notYouChangePassword');
