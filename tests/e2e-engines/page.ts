// The one interface the cross-engine flows are written against; firefox.ts and webkit.ts implement it.
export type EngineName = 'firefox' | 'webkit';

export interface BrowserCookie {
  name: string;
  value: string;
  /** Seconds since the epoch; absent for a session cookie. */
  expires?: number;
}

export interface EnginePage {
  readonly engine: EngineName;
  /** A path on the app (`/en/sign-in`) or a full URL; resolves once the page has loaded. */
  goto(pathOrUrl: string): Promise<void>;
  url(): Promise<URL>;
  /** Replaces an input's value by typing, as a person does (real key events). */
  fill(selector: string, value: string): Promise<void>;
  /** Chooses the option with this value in a <select>, as a person picking it does. */
  select(selector: string, value: string): Promise<void>;
  /** A real click on the first element the selector matches. */
  click(selector: string): Promise<void>;
  /** Runs a self-contained function in the page (it is sent as source) and returns its JSON result. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>;
  cookies(): Promise<BrowserCookie[]>;
  /** Resizes the viewport (CSS pixels). */
  setViewport(width: number, height: number): Promise<void>;
  /** Ends this page's browser context (cookies, storage, service workers). */
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  /** A fresh page in a fresh context: no cookies or storage from another flow. */
  newPage(): Promise<EnginePage>;
  close(): Promise<void>;
}
