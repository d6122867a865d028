/** Latency summary of one measured run. Times in milliseconds. */
export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export function summarise(latencies: number[], errors: number, seconds: number): LoadResult {
  const sorted = Float64Array.from(latencies).sort();
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
  return {
    requests: sorted.length,
    errors,
    seconds,
    rps: sorted.length / seconds,
    p50: at(50),
    p95: at(95),
    p99: at(99),
  };
}
