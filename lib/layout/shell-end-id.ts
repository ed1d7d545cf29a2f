/**
 * The id of an empty marker after the whole shell (header, page, footer, consent banner). The locale layout holds
 * the first frame until it is parsed (`<link rel="expect" blocking="render">`): Chromium lifts that block at the
 * target's start tag, so the target must come after everything the first frame shows, not be its last section.
 */
export const shellEndId = 'shell-end';
