/**
 * `InterFallbackLatin`: Arial (or its metric twin Liberation Sans) resized to stand in for Inter when the web
 * font is not there in time for the first paint (it is `optional`: the page then keeps the stand-in), taking the same
 * room on average, so pages look the same in either. Inter widens with weight while
 * its space narrows, and Arial does neither, so one size-adjust for everything rewrapped text on swap (an
 * English h1 went from three lines to four, an Arabic one from three to two, through its spaces). Hence one face
 * per weight the UI uses, each with its letters and its space sized separately.
 *
 * Ratios: Inter's advance over Arial's at each weight, for the letters of the Latin strings in messages/ (spaces
 * removed) and for the space alone, measured in Chromium. Limited to Latin, so Japanese and Arabic letters skip
 * it and use the system fonts of `scriptFonts` (tailwind.config.ts).
 */

// Inter's ascender and descender (em), which every stand-in must reproduce after its own resizing.
const interAscent = 0.96875;
const interDescent = 0.24121;

const arial = "local('Arial'), local('ArialMT'), local('Liberation Sans'), local('LiberationSans')";
const arialBold = "local('Arial Bold'), local('Arial-BoldMT'), local('Liberation Sans Bold'), local('LiberationSans-Bold')";

const latin =
  'U+0000-001F, U+0021-024F, U+0259, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0300-0301, U+0303-0304, U+0308-0309, ' +
  'U+0323, U+0329, U+1E00-1EFF, U+2000-206F, U+20A0-20C0, U+2113, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

const interFallbackWeights = [
  { weight: '100 449', src: arial, letters: 1.0707, space: 1.0123 },
  { weight: '450 549', src: arial, letters: 1.0884, space: 0.9596 },
  { weight: '550 649', src: arialBold, letters: 1.0189, space: 0.9068 },
  { weight: '650 1000', src: arialBold, letters: 1.0352, space: 0.8524 },
] as const;

function percent(value: number): string {
  return `${(value * 100).toFixed(2)}%`;
}

function face(weight: string, src: string, sizeAdjust: number, unicodeRange: string): Record<string, string> {
  return {
    fontFamily: 'InterFallbackLatin',
    src,
    fontWeight: weight,
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(interAscent / sizeAdjust),
    descentOverride: percent(interDescent / sizeAdjust),
    lineGapOverride: '0%',
    unicodeRange,
  };
}

/** The @font-face rules, letters and space per weight. */
export function interFallbackFaces(): Record<string, string>[] {
  return interFallbackWeights.flatMap(({ weight, src, letters, space }) => [
    face(weight, src, letters, latin),
    face(weight, src, space, 'U+0020'),
  ]);
}
