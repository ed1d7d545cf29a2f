// The browser and system a passkey is being added on, read from the user agent, so the name it is given by
// default is one a person recognizes in the list later ("Chrome on Android"). Brand names are not translated;
// the sentence around them is (Passkeys.deviceName). "Your sessions" names sessions with it too
// (lib/account-sessions/session-device.ts).

interface DeviceDescription {
  browser: string | null;
  os: string | null;
}

// First match wins: Edge, Opera and Samsung Internet also say Chrome, Chrome also says Safari.
const browsers: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|OPT|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

// Android says Linux, iPadOS may say Macintosh (see `touchPoints`), ChromeOS says CrOS.
const systems: Array<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(iPhone|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * The browser and system a user agent names (null where it names none we know). `touchPoints` is
 * navigator.maxTouchPoints: iPads ask for desktop sites as a Mac, but Macs have no touch screen.
 */
export function describeDevice(userAgent: string, touchPoints = 0): DeviceDescription {
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  let os = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  if (os === 'macOS' && touchPoints > 1) os = 'iPadOS';
  return { browser, os };
}

// Unicode's explicit direction marks (embeddings, overrides, isolates): invisible, and in a stored name they would
// outlive the sentence they were made for (names were once saved as "\u2068Chrome\u2069 على \u2068Linux\u2069").
const directionMarks = /[\u202A-\u202E\u2066-\u2069]/g;

/** A passkey's name as stored: the text alone, without direction marks (a name from before is cleaned on read). */
export function plainPasskeyName(name: string): string {
  return name.replace(directionMarks, '');
}

/**
 * The direction to show a name in: right to left when it holds any right-to-left letters ("Chrome على Linux" reads
 * as an Arabic sentence around two brands), else from its first letter. Isolation happens here, at display, never
 * in the stored text.
 */
export function passkeyNameDirection(name: string): 'rtl' | 'auto' {
  return /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u.test(name)
    ? 'rtl'
    : 'auto';
}
