/**
 * The <meta> name a private page carries (lib/seo/page-metadata.ts): the server rendered it for a signed-in visitor,
 * so without JavaScript, where the presence hint cannot be read, the header's CSS still shows the signed-in variant
 * (the `signed-in` variant in app/globals.css names it too; tests/unit/signed-in-page.test.ts keeps the two equal).
 * Static pages are shared and never carry it.
 */
export const signedInPageMeta = 'polyglot-signed-in';
