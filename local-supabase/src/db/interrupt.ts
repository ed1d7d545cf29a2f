import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Statement timeouts for PGlite (docs/decisions/0011-statement-timeout-on-the-local-server.md). PGlite runs Postgres
 * on this thread, so Postgres' own timer (SIGALRM) never fires while a statement runs, and nothing on this thread
 * can run until it ends. Postgres checks for a cancel request (CHECK_FOR_INTERRUPTS) in every long loop, by reading
 * two flags in its memory: this module gives PGlite shared WebAssembly memory, so that a watchdog thread can set
 * those flags when a statement's time is up, exactly as a cancel request from another connection would. Postgres
 * then ends the statement with 57014 and rolls back its transaction's work; the database stays as it was.
 */

/** Reads an unsigned LEB128 number at `offset`: [value, offset after it]. */
function readLeb(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0;
  let shift = 0;
  let byte: number;
  do {
    byte = bytes[offset++]!;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, offset];
}

function leb(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value) byte |= 0x80;
    out.push(byte);
  } while (value);
  return out;
}

/** PGlite's memory never grows past 2 GB (32768 pages); a shared memory needs a declared maximum. */
const MAX_PAGES = 32768;

/**
 * The module with its imported memory declared shared (the limits' flag 0x03), everything else unchanged. PGlite's
 * main module and its dynamic libraries (plpgsql, extensions) import one memory; a shared one links only with
 * modules that declare it shared. Undefined when it imports no memory.
 */
export function shareMemoryImport(bytes: Uint8Array): Uint8Array<ArrayBuffer> | undefined {
  let at = 8; // magic and version
  while (at < bytes.length) {
    const sectionStart = at;
    const id = bytes[at++]!;
    let size: number;
    [size, at] = readLeb(bytes, at);
    const body = at;
    const end = body + size;
    if (id === 2) {
      let count: number;
      [count, at] = readLeb(bytes, at);
      for (let i = 0; i < count; i++) {
        for (let name = 0; name < 2; name++) {
          let length: number;
          [length, at] = readLeb(bytes, at);
          at += length;
        }
        const kind = bytes[at++]!;
        if (kind === 0) [, at] = readLeb(bytes, at);
        else if (kind === 1) {
          at++; // element type
          const flags = bytes[at++]!;
          [, at] = readLeb(bytes, at);
          if (flags & 1) [, at] = readLeb(bytes, at);
        } else if (kind === 3) at += 2;
        else if (kind === 2) return withSharedLimits(bytes, sectionStart, body, end, at);
        else throw new Error(`unknown import kind ${kind}`);
      }
    }
    at = end;
  }
  return undefined;
}

function withSharedLimits(
  bytes: Uint8Array,
  sectionStart: number,
  body: number,
  end: number,
  limitsAt: number,
): Uint8Array<ArrayBuffer> {
  const flags = bytes[limitsAt]!;
  if (flags === 3) return new Uint8Array(bytes);
  if (flags !== 0 && flags !== 1) throw new Error(`unsupported memory limits ${flags}`);
  const [initial, afterInitial] = readLeb(bytes, limitsAt + 1);
  const [maximum, afterLimits] = flags === 1 ? readLeb(bytes, afterInitial) : [MAX_PAGES, afterInitial];
  const content = [
    ...bytes.subarray(body, limitsAt),
    3,
    ...leb(initial),
    ...leb(Math.max(maximum, MAX_PAGES)),
    ...bytes.subarray(afterLimits, end),
  ];
  const header = [2, ...leb(content.length)];
  const out = new Uint8Array(sectionStart + header.length + content.length + bytes.length - end);
  out.set(bytes.subarray(0, sectionStart));
  out.set(header, sectionStart);
  out.set(content, sectionStart + header.length);
  out.set(bytes.subarray(end), sectionStart + header.length + content.length);
  return out;
}

let sharedModule: WebAssembly.Module | undefined;

/** PGlite's main module, patched once per process. */
function pgliteModule(): WebAssembly.Module {
  const file = new URL('./pglite.wasm', import.meta.resolve('@electric-sql/pglite'));
  const bytes = shareMemoryImport(new Uint8Array(readFileSync(file)));
  if (!bytes) throw new Error('PGlite no longer imports its memory');
  sharedModule ??= new WebAssembly.Module(bytes);
  return sharedModule;
}

/** Where PGlite keeps Postgres' dynamic libraries, in its in-memory file system. */
const LIBRARY_DIR = '/pglite/lib/postgresql';

interface EmscriptenFs {
  readdir(path: string): string[];
  readFile(path: string): Uint8Array;
  writeFile(path: string, data: Uint8Array): void;
}

interface PgliteInternals {
  FS: EmscriptenFs;
  _InterruptPending: number;
  _QueryCancelPending: number;
}

/**
 * Sets both flags once the deadline of the id it is armed with passes, unless disarmed first. The control word says
 * who won: the id while armed, 0 when idle, -1 while the watchdog writes the flags, -2 once written, -3 to stop.
 * It sleeps on the control word (Atomics.wait), so arming costs a store and a wake, not a message and a timer per
 * statement; it wakes at the deadline it last read, or when the word changes and the new id is stored.
 */
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
const { memory, control, deadline, flags } = workerData;
const state = new Int32Array(control);
const due = new Float64Array(deadline);
for (;;) {
  const id = Atomics.load(state, 0);
  if (id === -3) break;
  if (id <= 0) {
    Atomics.wait(state, 0, id);
    continue;
  }
  const remaining = due[0] - Date.now();
  if (remaining > 0) {
    Atomics.wait(state, 0, id, remaining);
    continue;
  }
  if (Atomics.compareExchange(state, 0, id, -1) !== id) continue;
  const heap = new Int32Array(memory.buffer);
  for (const address of flags) Atomics.store(heap, address >> 2, 1);
  Atomics.store(state, 0, -2);
  Atomics.notify(state, 0);
}
`;

export interface Interruptible {
  /**
   * Runs `statement` (one call into the database) with a deadline of `ms` (0: none): past it Postgres cancels it
   * with 57014. Resolves or rejects as the statement did; `timedOut` says whether the deadline passed.
   */
  limit<T>(
    ms: number,
    statement: () => Promise<T>,
  ): Promise<{ result: T } | { error: unknown; timedOut: boolean }>;
  close(): Promise<void>;
}

/**
 * Creates a PGlite whose statements can be cancelled: `create` must call PGlite.create once with the options given
 * (they carry the patched module). Its memory is made shared by catching the one `new WebAssembly.Memory` PGlite
 * makes for itself; nothing else may create a PGlite in this process meanwhile (openDatabase awaits each in turn).
 */
export async function createInterruptible(
  create: (options: { pgliteWasmModule: WebAssembly.Module }) => Promise<PGlite>,
): Promise<{ pg: PGlite; interrupt: Interruptible }> {
  const { Memory, Module, instantiate } = WebAssembly;
  let memory: WebAssembly.Memory | undefined;
  // Postgres loads some libraries (plpgsql) as it starts: those are patched as they are compiled, the others in
  // PGlite's file system below, before anything can load them.
  const patched = (source: unknown) => {
    if (source instanceof ArrayBuffer) return shareMemoryImport(new Uint8Array(source)) ?? source;
    if (!ArrayBuffer.isView(source)) return source;
    const view = new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    return shareMemoryImport(view) ?? source;
  };
  Object.assign(WebAssembly, {
    Memory: function (descriptor: WebAssembly.MemoryDescriptor) {
      WebAssembly.Memory = Memory;
      memory = new Memory({ ...descriptor, maximum: descriptor.maximum ?? MAX_PAGES, shared: true });
      return memory;
    },
    // A proxy, so that `instanceof WebAssembly.Module` and its static methods still hold.
    Module: new Proxy(Module, {
      construct: (target, [bytes]: [BufferSource]) => new target(patched(bytes) as BufferSource),
    }),
    instantiate: (source: unknown, imports?: WebAssembly.Imports) =>
      instantiate(patched(source) as BufferSource, imports),
  });
  let pg: PGlite;
  try {
    pg = await create({ pgliteWasmModule: pgliteModule() });
  } finally {
    Object.assign(WebAssembly, { Memory, Module, instantiate });
  }
  if (!memory) throw new Error('PGlite made no memory of its own');
  const mod = pg.Module as unknown as PgliteInternals;
  for (const name of mod.FS.readdir(LIBRARY_DIR)) {
    if (!name.endsWith('.so')) continue;
    const file = `${LIBRARY_DIR}/${name}`;
    const shared = shareMemoryImport(mod.FS.readFile(file));
    if (shared) mod.FS.writeFile(file, shared);
  }
  const flags = [mod._QueryCancelPending, mod._InterruptPending];
  const control = new SharedArrayBuffer(4);
  const state = new Int32Array(control);
  const deadline = new SharedArrayBuffer(8);
  const due = new Float64Array(deadline);
  const heap = () => new Int32Array(memory!.buffer);
  const watchdog = new Worker(WATCHDOG, { eval: true, workerData: { memory, control, deadline, flags } });
  watchdog.unref();
  let next = 0;
  const interrupt: Interruptible = {
    async limit<T>(ms: number, statement: () => Promise<T>) {
      if (!(ms > 0)) {
        try {
          return { result: await statement() };
        } catch (error) {
          return { error, timedOut: false };
        }
      }
      const id = (next = (next % 0x7fffffff) + 1);
      // The deadline before the id: the watchdog reads the id first (sequentially consistent), then its deadline.
      due[0] = Date.now() + ms;
      Atomics.store(state, 0, id);
      Atomics.notify(state, 0);
      let outcome: { result: T } | { error: unknown };
      try {
        outcome = { result: await statement() };
      } catch (error) {
        outcome = { error };
      }
      const timedOut = Atomics.compareExchange(state, 0, id, 0) !== id;
      if (timedOut) {
        while (Atomics.load(state, 0) === -1) Atomics.wait(state, 0, -1, 50);
        // A statement that ended before Postgres looked at the flags leaves them set for the next one: cleared.
        for (const address of flags) Atomics.store(heap(), address >> 2, 0);
        Atomics.store(state, 0, 0);
      }
      return 'result' in outcome ? outcome : { error: outcome.error, timedOut };
    },
    close: () => {
      Atomics.store(state, 0, -3);
      Atomics.notify(state, 0);
      return watchdog.terminate().then(() => undefined);
    },
  };
  return { pg, interrupt };
}
