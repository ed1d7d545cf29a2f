/** The consent banner's element id. The banner is the shell's last element: the locale layout holds the first
 * frame until it is parsed (`<link rel="expect">`), so both must use this one name. */
export const consentBannerId = 'consent-banner';
