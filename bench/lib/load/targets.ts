export interface LoadTarget {
  id: string;
  label: string;
  url: string;
  headers?: Record<string, string>;
  /** Set when the target cannot be measured (e.g. a page that does not exist yet); it is reported, not loaded. */
  unavailable?: string;
}

/** One request without following redirects: a target must answer 200 as is, or it is reported as unavailable. */
export async function checkAvailable(target: LoadTarget): Promise<LoadTarget> {
  try {
    const response = await fetch(target.url, { headers: target.headers, redirect: 'manual' });
    await response.arrayBuffer();
    if (response.status === 200) return target;
    const location = response.headers.get('location');
    return { ...target, unavailable: `answers ${response.status}${location ? ` → ${location}` : ''}` };
  } catch (error) {
    return { ...target, unavailable: `unreachable: ${(error as Error).message}` };
  }
}
