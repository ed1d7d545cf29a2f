// The one layout of every mail: what mail clients render (tables and inline styles, the wordmark in text, a
// bulletproof button), with the Go template variables each mail sets per language ($heading, $preheader, …).

const font =
  "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic','Hiragino Sans','Noto Sans JP',Arial,sans-serif";
const brand = '#4338ca';
const ink = '#171717';
const page = '#f5f5f5';

/** `margin` with `below` px under a block; the last block has none. */
const margin = (below: number) => (below ? `margin:0 0 ${below}px;` : 'margin:0;');

/** A paragraph of Go template text (words as `{{ $intro }}`). */
export const paragraph = (text: string, below: number) => [`<p style="${margin(below)}">${text}</p>`];

/** The one link of a mail, as a button that keeps its colour where mail clients drop CSS backgrounds. */
export const button = (href: string, below: number) => [
  `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="${margin(below)}">`,
  `  <tr>`,
  `    <td bgcolor="${brand}" style="border-radius:6px;background-color:${brand};">`,
  `      <a href="${href}" style="display:inline-block;padding:12px 24px;font-family:${font};font-size:16px;font-weight:bold;line-height:24px;color:#ffffff;text-decoration:none;border-radius:6px;">{{ $button }}</a>`,
  `    </td>`,
  `  </tr>`,
  `</table>`,
];

/** GoTrue's one-time code, large and spaced, left to right in every language. */
const code = (below: number) => [
  `<p style="${margin(below)}"><strong dir="ltr" style="font-family:Menlo,Consolas,'Courier New',monospace;font-size:28px;line-height:36px;letter-spacing:6px;color:${ink};">{{ .Token }}</strong></p>`,
];

/**
 * A mail that carries GoTrue's code: with `confirmType`, first a link to the app's confirm route, which only its
 * "Continue" button spends (mail scanners open links); GoTrue's .RedirectTo only ever goes into `next`, escaped.
 */
export function codeBody(confirmType?: string, intro = '{{ $intro }}'): string[] {
  const link = confirmType
    ? [
        ...button(
          `{{ .SiteURL }}/{{ $lang }}/auth/confirm?token_hash={{ .TokenHash }}&amp;type=${confirmType}&amp;next={{ urlquery .RedirectTo }}`,
          24,
        ),
        ...paragraph('{{ $codeLabel }}', 8),
      ]
    : [];
  return [...paragraph(intro, 24), ...link, ...code(24), ...paragraph('{{ $ignore }}', 0)];
}

/**
 * A security notice: what changed, the details as [label, value] (GoTrue's values such as addresses and numbers
 * read left to right in any language; our words follow the text), what to do if it was not the reader, and one
 * link to a page of the site (`path` after the locale) that signs no one in.
 */
export function noticeBody(path: string, details: [label: string, value: string][]): string[] {
  return [
    ...paragraph('{{ $intro }}', 16),
    ...details.map(
      ([label, value], i) =>
        `<p class="detail" style="${margin(i === details.length - 1 ? 24 : 4)}">{{ ${label} }} <strong${value.startsWith('.') ? ' dir="ltr"' : ''}>{{ ${value} }}</strong></p>`,
    ),
    ...paragraph('{{ $notYou }}', 24),
    ...button(`{{ .SiteURL }}/{{ $lang }}${path}`, 0),
  ];
}

/** Sets `$provider`, the sign-in method in words (a mail's `setup`). */
export const providerName = `{{- /* GoTrue passes the provider's name as stored (identities.provider). */ -}}
{{- $provider := .Provider }}{{ if eq .Provider "github" }}{{ $provider = "GitHub" }}{{ else if eq .Provider "google" }}{{ $provider = "Google" }}{{ else if eq .Provider "apple" }}{{ $provider = "Apple" }}{{ else if eq .Provider "email" }}{{ $provider = $emailProvider }}{{ else if eq .Provider "phone" }}{{ $provider = $phoneProvider }}{{ end -}}`;

/** Sets `$method`, the two-factor method in words (a mail's `setup`). */
export const factorName = `{{- /* GoTrue passes the factor's type: totp, webauthn or phone. */ -}}
{{- $method := .FactorType }}{{ if eq .FactorType "totp" }}{{ $method = $totp }}{{ else if eq .FactorType "webauthn" }}{{ $method = $webauthn }}{{ else if eq .FactorType "phone" }}{{ $method = $phoneFactor }}{{ end -}}`;

/** The page around a body; webmail drops <html>, so the outer table repeats lang and dir. */
export function layout(body: string[]): string {
  const cell = (style: string) => `font-family:${font};${style}`;
  return `<!doctype html>
<html lang="{{ $lang }}" dir="{{ $dir }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>{{ $heading }}</title>
</head>
<body style="margin:0;padding:0;background-color:${page};">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">{{ $preheader }}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" lang="{{ $lang }}" dir="{{ $dir }}" style="background-color:${page};">
  <tr>
    <td align="center" style="padding:24px 12px;">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;">
        <tr>
          <td align="{{ $align }}" style="padding:24px 24px 0;${cell(`font-size:22px;line-height:28px;font-weight:bold;color:${brand};`)}">Polyglot</td>
        </tr>
        <tr>
          <td align="{{ $align }}" style="padding:16px 24px 24px;${cell(`font-size:16px;line-height:24px;color:${ink};`)}">
            <h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:${ink};">{{ $heading }}</h1>
${body.map((line) => `            ${line}`).join('\n')}
          </td>
        </tr>
        <tr>
          <td class="footer" align="{{ $align }}" style="padding:16px 24px 24px;border-top:1px solid #e5e5e5;${cell('font-size:13px;line-height:20px;color:#525252;')}">{{ $footer }}</td>
        </tr>
      </table>
    </td>
  </tr>
</table>
</body>
</html>
`;
}
