/**
 * A request body as UTF-8 text, or undefined once it passes `maxBytes` (declared by Content-Length, or counted as a
 * chunked body is read, which then stops). Auth and the Data API answer "too large" each in their own shape.
 */
export async function readTextUpTo(request: Request, maxBytes: number): Promise<string | undefined> {
  return (await readBytesUpTo(request, maxBytes))?.toString('utf8');
}

/** The same, as bytes (a Data API function may take them as bytea). */
export async function readBytesUpTo(request: Request, maxBytes: number): Promise<Buffer | undefined> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return undefined;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.length;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}
