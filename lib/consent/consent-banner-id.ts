/** The consent banner's element id, shared by the banner and the first-frame test. */
export const consentBannerId = 'consent-banner';
