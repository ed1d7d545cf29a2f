import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { median } from '../report/spread.ts';

export interface TransferFigures {
  sizeMb: number;
  uploadMBps: number;
  downloadMBps: number;
  uploadRunsMBps: number[];
  downloadRunsMBps: number[];
}

export interface MemoryFigures {
  /** The server's resident memory before the transfers, in MB (10^6 bytes). */
  idleRssMb: number;
  /** The highest resident memory sampled while transferring each size. */
  peakRssMbBySize: { sizeMb: number; peakRssMb: number }[];
}

export interface ThumbnailFigures {
  sourceBytes: number;
  sourceSize: string;
  runsMs: number[];
  medianMs: number;
}

const MB = 1e6;

/** VmRSS of a process from /proc, in MB (10^6 bytes); undefined off Linux. */
export async function rssMb(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? (Number(kb) * 1024) / MB : undefined;
  } catch {
    return undefined; // Not Linux, or the process is gone.
  }
}

/** Runs `work` while sampling the process's resident memory every 10 ms; returns the work's result and the peak. */
export async function withPeakRss<T>(
  pid: number | undefined,
  work: () => Promise<T>,
): Promise<[T, number | undefined]> {
  let peak: number | undefined;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const now = await rssMb(pid);
      if (now !== undefined) peak = Math.max(peak ?? 0, now);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  try {
    return [await work(), peak];
  } finally {
    running = false;
    await sampler;
  }
}

interface Api {
  url: string;
  key: string;
  bucket: string;
}

const headers = (api: Api, extra: Record<string, string> = {}) => ({
  apikey: api.key,
  authorization: `Bearer ${api.key}`,
  ...extra,
});

/** Creates the bucket the transfers use (private, no limits). */
export async function createBucket(api: Api): Promise<void> {
  const created = await fetch(`${api.url}/storage/v1/bucket`, {
    method: 'POST',
    headers: headers(api, { 'content-type': 'application/json' }),
    body: JSON.stringify({ name: api.bucket }),
  });
  if (!created.ok) throw new Error(`create bucket: ${created.status} ${await created.text()}`);
}

/** Uploads `bytes` as a raw body (x-upsert), as storage-js sends a Buffer; returns seconds. */
export async function upload(
  api: Api,
  name: string,
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${api.url}/storage/v1/object/${api.bucket}/${name}`, {
    method: 'POST',
    headers: headers(api, { 'content-type': contentType, 'x-upsert': 'true' }),
    body: bytes,
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`upload ${name}: ${res.status}`);
  return (performance.now() - started) / 1000;
}

/** Downloads an object, reading the body as it streams without keeping it; returns seconds. */
export async function download(api: Api, path: string): Promise<{ seconds: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(`${api.url}/storage/v1/${path}`, { headers: headers(api) });
  if (!res.ok || !res.body) throw new Error(`download ${path}: ${res.status}`);
  let bytes = 0;
  const reader = res.body.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
  return { seconds: (performance.now() - started) / 1000, bytes };
}

/** `runs` uploads and downloads of `sizeMb` of random bytes, interleaved; throughput in MB/s (10^6 bytes). */
export async function measureTransfer(api: Api, sizeMb: number, runs: number): Promise<TransferFigures> {
  const bytes = new Uint8Array(sizeMb * MB);
  for (let i = 0; i < bytes.length; i += 65536) crypto.getRandomValues(bytes.subarray(i, i + 65536));
  const up: number[] = [];
  const down: number[] = [];
  for (let i = 0; i < runs; i++) {
    up.push(sizeMb / (await upload(api, `bench/${sizeMb}mb.bin`, bytes, 'application/octet-stream')));
    const got = await download(api, `object/${api.bucket}/bench/${sizeMb}mb.bin`);
    if (got.bytes !== bytes.length) throw new Error(`download: ${got.bytes} of ${bytes.length} bytes`);
    down.push(sizeMb / got.seconds);
  }
  return {
    sizeMb,
    uploadMBps: median(up),
    downloadMBps: median(down),
    uploadRunsMBps: up,
    downloadRunsMBps: down,
  };
}

/** A photo-like JPEG of about 2 MB (noise compresses as badly as detail does). */
async function twoMegabyteJpeg(): Promise<{ bytes: Buffer; size: string }> {
  const width = 2400;
  const height = 1600;
  const noise = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
  const bytes = await noise.jpeg({ quality: 85 }).toBuffer();
  return { bytes, size: `${width}×${height}` };
}

/** GET /render/image/authenticated/… ?width=256 on a 2 MB JPEG, `runs` times after one warm-up; ms per request. */
export async function measureThumbnail(api: Api, runs: number): Promise<ThumbnailFigures> {
  const jpeg = await twoMegabyteJpeg();
  await upload(api, 'bench/photo.jpg', new Uint8Array(jpeg.bytes), 'image/jpeg');
  const path = `render/image/authenticated/${api.bucket}/bench/photo.jpg?width=256&height=256&resize=cover`;
  await download(api, path);
  const runsMs: number[] = [];
  for (let i = 0; i < runs; i++) runsMs.push((await download(api, path)).seconds * 1000);
  return { sourceBytes: jpeg.bytes.length, sourceSize: jpeg.size, runsMs, medianMs: median(runsMs) };
}
