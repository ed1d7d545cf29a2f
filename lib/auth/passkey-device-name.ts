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
