import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { compile } from '@tailwindcss/node';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import config, { controlHeight, fontSans, radii } from '@/tailwind.config';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/class-names';

const root = fileURLToPath(new URL('../../', import.meta.url));
const globalsCss = path.join(root, 'app/globals.css');

/** Class names of the first element in a piece of static markup. */
function classesOf(html: string): string[] {
  const match = /class="([^"]*)"/.exec(html);
  return match?.[1]?.split(/\s+/) ?? [];
}

/** The declarations of one generated rule, e.g. rule(css, '.h-control') → 'height: 36px;'. */
function rule(css: string, selector: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\s*\\{([^}]*)\\}`).exec(css);
  return match?.[1]?.trim() ?? '';
}

describe('tailwind.config.ts tokens', () => {
  it('defines the control height and the radius scale', () => {
    expect(controlHeight).toBe('36px');
    expect(radii).toMatchObject({ sm: '4px', md: '6px', lg: '8px' });
    expect(config.theme.extend.spacing.control).toBe('36px');
    expect(config.theme.extend.borderRadius).toMatchObject({ sm: '4px', md: '6px', lg: '8px' });
  });

  it('puts the next/font variable first in the sans stack, then only generic system families', () => {
    // Every named family the system lacks is a font lookup in the first layout; lang-aware fallback picks the
    // Japanese and Arabic fonts.
    expect(fontSans).toEqual(['var(--font-inter)', 'system-ui', 'sans-serif']);
  });
});

describe('app/globals.css compiled by Tailwind', () => {
  let css = '';

  beforeAll(async () => {
    const source = await readFile(globalsCss, 'utf8');
    const compiler = await compile(source, {
      base: path.dirname(globalsCss),
      from: globalsCss,
      onDependency: () => {},
    });
    css = compiler.build([
      'h-control',
      'min-h-control',
      'size-control',
      'rounded-sm',
      'rounded-md',
      'rounded-lg',
      'rounded-xl',
      'font-sans',
      'bg-primary',
      'text-primary-foreground',
      'ring-ring/50',
      'dark:bg-background',
    ]);
  });

  it('turns the control token into 36px utilities', () => {
    expect(rule(css, '.h-control')).toContain('height: 36px');
    expect(rule(css, '.min-h-control')).toContain('min-height: 36px');
    expect(rule(css, '.size-control')).toMatch(/width: 36px;\s*height: 36px/);
  });

  it('uses the configured radii (not the Tailwind defaults expressed in rem)', () => {
    expect(rule(css, '.rounded-sm')).toContain('border-radius: 4px');
    expect(rule(css, '.rounded-md')).toContain('border-radius: 6px');
    expect(rule(css, '.rounded-lg')).toContain('border-radius: 8px');
    expect(rule(css, '.rounded-xl')).toContain('border-radius: 12px');
  });

  it('maps font-sans to the Inter variable, then the system font, and declares no local() faces', () => {
    expect(rule(css, '.font-sans')).toContain('font-family: var(--font-inter), system-ui, sans-serif');
    expect(css).not.toContain('local(');
    expect(css).not.toContain('@font-face');
    expect(css).not.toMatch(/--font-script|ui-sans-serif, system-ui/);
  });

  it('exposes the shadcn color variables for light and dark', () => {
    expect(rule(css, '.bg-primary')).toContain('background-color: var(--primary)');
    expect(rule(css, '.text-primary-foreground')).toContain('color: var(--primary-foreground)');
    expect(css).toMatch(/:root\s*\{[^}]*color-scheme: light;[^}]*--primary: oklch\(/);
    expect(css).toMatch(/\.dark\s*\{[^}]*color-scheme: dark;[^}]*--primary: oklch\(/);
    // `dark:` follows the .dark class (next-themes), not prefers-color-scheme.
    expect(rule(css, '.dark\\:bg-background:is(.dark *)')).toContain('background-color: var(--background)');
  });
});

describe('components use the tokens', () => {
  it('Button default size is at least h-control (a long label wraps) and icon size is size-control', () => {
    const classes = classesOf(renderToStaticMarkup(createElement(Button, null, 'Save')));
    expect(classes).toContain('min-h-control');
    expect(classes).toContain('max-w-full');
    expect(classes).not.toContain('whitespace-nowrap');
    expect(classes).toContain('rounded-md');
    expect(classes).toContain('focus-visible:ring-[3px]');
    expect(classes).not.toContain('h-9');

    const icon = classesOf(
      renderToStaticMarkup(createElement(Button, { size: 'icon', 'aria-label': 'Menu' })),
    );
    expect(icon).toContain('size-control');
  });

  it('Input is h-control with rounded-md', () => {
    const classes = classesOf(renderToStaticMarkup(createElement(Input, { 'aria-label': 'Email' })));
    expect(classes).toContain('h-control');
    expect(classes).toContain('rounded-md');
    expect(classes).toContain('focus-visible:ring-[3px]');
  });

  it('cn() lets a caller override the control height', () => {
    expect(cn('h-control px-4', 'h-8')).toBe('px-4 h-8');
    expect(cn('size-control', 'size-8')).toBe('size-8');
    const classes = classesOf(renderToStaticMarkup(createElement(Button, { className: 'h-11' }, 'Big')));
    expect(classes).toContain('h-11');
    expect(classes).not.toContain('h-control');
  });
});
