export interface StatsSnapshot {
  total: number;
  /** Requests per "METHOD /route" (route pattern as raw GoTrue sees it, e.g. "GET /user", "GET /admin/users/{user_id}"). */
  routes: Record<string, number>;
}

/** Counts requests so tests and benchmarks can prove which endpoints a flow calls (e.g. zero GET /user). */
export class RequestStats {
  private total = 0;
  private routes = new Map<string, number>();

  record(key: string): void {
    this.total++;
    this.routes.set(key, (this.routes.get(key) ?? 0) + 1);
  }

  snapshot(): StatsSnapshot {
    return {
      total: this.total,
      routes: Object.fromEntries([...this.routes].sort(([a], [b]) => a.localeCompare(b))),
    };
  }

  reset(): void {
    this.total = 0;
    this.routes.clear();
  }
}
