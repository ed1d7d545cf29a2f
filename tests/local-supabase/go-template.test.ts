import { describe, expect, it } from 'vitest';
import { GoTemplate } from '../../local-supabase/src/mail/go-template.ts';
import { htmlToText } from '../../local-supabase/src/mail/mailer.ts';
import {
  allowedRedirect,
  compileRedirectPattern,
  globToRegExp,
} from '../../local-supabase/src/auth/rules/redirects.ts';
import { loadConfig } from '../../local-supabase/src/config/config.ts';

describe('Go template subset', () => {
  const t = new GoTemplate(
    '{{ if eq .Data.locale "de" }}Hallo{{ else if eq .Data.locale "fr" }}Bonjour{{ else }}Hello{{ end }} {{ .Email }}',
  );

  it('branches on .Data.locale; a missing key makes eq false', () => {
    expect(t.render({ Data: { locale: 'de' }, Email: 'a@b.c' })).toBe('Hallo a@b.c');
    expect(t.render({ Data: { locale: 'fr' }, Email: 'a@b.c' })).toBe('Bonjour a@b.c');
    expect(t.render({ Data: {}, Email: 'a@b.c' })).toBe('Hello a@b.c');
    expect(t.render({ Email: 'a@b.c' })).toBe('Hello a@b.c');
  });

  it('escapes output like html/template, prints missing values as empty, trims with {{- -}}', () => {
    expect(
      new GoTemplate('<a href="{{ .URL }}">{{ .Name }}</a>').render({
        URL: 'http://x/?a=1&b=2',
        Name: '<b>"O\'Neil"</b>',
      }),
    ).toBe('<a href="http://x/?a=1&amp;b=2">&lt;b&gt;&#34;O&#39;Neil&#34;&lt;/b&gt;</a>');
    expect(new GoTemplate('[{{ .Nope.Deeper }}]').render({})).toBe('[]');
    expect(new GoTemplate('a  {{- .X -}}  b').render({ X: 1 })).toBe('a1b');
    expect(
      new GoTemplate('{{ if and .A (not .B) }}yes{{ end }}{{/* note */}}').render({ A: true, B: false }),
    ).toBe('yes');
  });

  it('urlquery is url.QueryEscape: UTF-8 bytes, space as +, upper-case hex; + is escaped in HTML as &#43;', () => {
    const t = new GoTemplate('<a href="/c?next={{ urlquery .URL }}">{{ .URL }}</a>');
    expect(t.render({ URL: "http://x/a b?q=1&r=ü!*'()~-_." }, false)).toBe(
      '<a href="/c?next=http%3A%2F%2Fx%2Fa+b%3Fq%3D1%26r%3D%C3%BC%21%2A%27%28%29~-_.">http://x/a b?q=1&r=ü!*\'()~-_.</a>',
    );
    expect(t.render({ URL: 'a b+c' })).toBe('<a href="/c?next=a&#43;b%2Bc">a b&#43;c</a>');
    // html/template hands a missing key to the function as nil, which fmt.Sprint prints as <nil>.
    expect(new GoTemplate('{{ urlquery .Nope }}').render({}, false)).toBe('%3Cnil%3E');
    expect(new GoTemplate('{{ urlquery "a" 1 2 "b" }}').render({}, false)).toBe('a1+2b');
  });

  it("variables as Go scopes them: := declares, = assigns the nearest one, an if's own end with its end", () => {
    const lang = new GoTemplate(
      '{{ $lang := "en" }}{{ if eq .Data.locale "de" }}{{ $lang = "de" }}{{ end }}<p lang="{{ $lang }}">',
    );
    expect(lang.render({ Data: { locale: 'de' } })).toBe('<p lang="de">');
    expect(lang.render({ Data: { locale: 'xx' } })).toBe('<p lang="en">');
    expect(
      new GoTemplate('{{ $x := 1 }}{{ if true }}{{ $x := 2 }}{{ $x }}{{ end }}{{ $x }}').render({}),
    ).toBe('21');
    expect(
      new GoTemplate('a{{ $x := .Data }}b{{ $x.locale }}{{ $.Data.locale }}').render({
        Data: { locale: 'ar' },
      }),
    ).toBe('abarar');
    // Printed in context like any value: escaped in HTML, not in a subject.
    const markup = new GoTemplate('{{ $s := "<b>Tom & Jerry</b>" }}{{ $s }}');
    expect(markup.render({})).toBe('&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;');
    expect(markup.render({}, false)).toBe('<b>Tom & Jerry</b>');
    expect(new GoTemplate('{{ $n := .Nope }}[{{ $n }}]{{ if $n }}yes{{ end }}').render({})).toBe('[]');
  });

  it('refuses a variable used or assigned outside its scope, as Go does', () => {
    expect(() => new GoTemplate('{{ if true }}{{ $inner := 1 }}{{ end }}{{ $inner }}')).toThrow(
      'undefined variable "$inner"',
    );
    expect(() => new GoTemplate('{{ $x = 1 }}')).toThrow('undefined variable "$x"');
    expect(() => new GoTemplate('{{ $x := $x }}')).toThrow('undefined variable "$x"');
    // Known to the parser in the else branch, but not set when the if branch did not run: Go fails at execution.
    expect(() =>
      new GoTemplate('{{ if .A }}{{ $y := 1 }}{{ else }}{{ $y }}{{ end }}').render({ A: false }),
    ).toThrow('undefined variable: $y');
  });

  it('rejects unsupported syntax at load time', () => {
    expect(() => new GoTemplate('{{ if .A }}open')).toThrow(/missing \{\{ end \}\}/);
    expect(() => new GoTemplate('{{ range .Items }}{{ end }}')).toThrow();
  });

  it('every project template renders in all six locales', () => {
    const config = loadConfig('supabase/config.toml', {} as NodeJS.ProcessEnv);
    for (const [kind, template] of Object.entries(config.templates)) {
      for (const locale of ['en', 'de', 'fr', 'es', 'ja', 'ar']) {
        const data = {
          SiteURL: 'http://localhost:3000',
          ConfirmationURL: 'http://127.0.0.1:54321/auth/v1/verify?token=t&type=invite',
          RedirectTo: `http://localhost:3000/${locale}/auth/confirm?next=%2Faccount`,
          TokenHash: 'pkce_abc',
          Token: '123456',
          Email: 'a@b.c',
          NewEmail: 'n@b.c',
          Data: { locale },
        };
        const html = new GoTemplate(template.content).render(data);
        expect(html, `${kind}/${locale}`).toContain(`<html lang="${locale}"`);
        expect(html).toContain('123456');
        // Every link goes to the app's confirm route on site_url; GoTrue's .RedirectTo rides along in next.
        if (kind !== 'reauthentication')
          expect(htmlToText(html)).toContain(
            `${data.SiteURL}/${locale}/auth/confirm?token_hash=pkce_abc&type=`,
          );
        if (locale === 'ar') expect(html).toContain('dir="rtl"');
        expect(new GoTemplate(template.subject).render(data, false).length).toBeGreaterThan(3);
      }
    }
  });
});

describe('redirect allow-list (GoTrue globs, separators . and /)', () => {
  const config = loadConfig('supabase/config.toml', {} as NodeJS.ProcessEnv);
  const patterns = config.additionalRedirectUrls.map(compileRedirectPattern);
  const isRedirectAllowed = (...args: Parameters<typeof allowedRedirect>) =>
    allowedRedirect(...args) !== undefined;

  it('matches like gobwas/glob', () => {
    expect(globToRegExp('http://localhost:*/**').test('http://localhost:3000/de/auth/callback?x=1')).toBe(
      true,
    );
    expect(globToRegExp('https://*.example.com/*').test('https://app.example.com/cb')).toBe(true);
    expect(globToRegExp('https://*.example.com/*').test('https://a.b.example.com/cb')).toBe(false);
    expect(globToRegExp('https://*.example.com/*').test('https://app.example.com/a/b')).toBe(false);
    expect(globToRegExp('https://{a,b}.example.com/**').test('https://b.example.com/x/y')).toBe(true);
  });

  it('allows site_url hosts and the list; refuses others', () => {
    expect(isRedirectAllowed(config, patterns, 'http://localhost:3000/anything')).toBe(true);
    expect(isRedirectAllowed(config, patterns, 'http://localhost:4123/e2e')).toBe(true); // site_url is localhost: any port
    expect(isRedirectAllowed(config, patterns, 'http://127.0.0.1:9999/x')).toBe(false); // loopback needs an entry
    expect(isRedirectAllowed(config, patterns, 'http://[::ffff:127.0.0.1]:3000/x')).toBe(false); // not localhost
    expect(isRedirectAllowed(config, patterns, 'https://evil.example.com/')).toBe(false);
    expect(isRedirectAllowed(config, patterns, 'javascript:alert(1)')).toBe(false);
  });
});
