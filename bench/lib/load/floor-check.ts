/** The floor must answer at least this many times the product's fastest page, or the generator may be the limit. */
export const FLOOR_HEADROOM = 3;
/** A generator busier than this during the floor's runs set the floor's pace itself. */
export const GENERATOR_SATURATED = 0.9;

export interface FloorCheck {
  floorRps: number;
  /** The product's highest throughput with the same encoding. */
  productRps: number;
  headroom: number;
  ok: boolean;
  /** How busy the generator was during the floor's runs (its CPU ÷ duration × threads), when known. */
  generatorBusy?: number;
  /** What the report says when the check fails. */
  warning?: string;
}

/**
 * A load generator that saturates before the floor does caps the floor's figure and squeezes every ratio toward 1. The
 * floor does far less per request than the product, so on an unconstrained generator it answers several times faster;
 * when it does not, the ratios are reported with this warning (docs/decisions/0003-benchmark-targets.md). It is a
 * warning, not a veto: a product faster than a third of the floor (the /en target is 0.40×) always trips it, and then
 * the CPU per response of both (process-cpu.ts), which no generator caps, says whether the ratio is real.
 */
export function checkFloorHeadroom(
  floorRps: number,
  productRps: number[],
  label: string,
  generatorBusy?: number,
): FloorCheck {
  const fastest = Math.max(...productRps.filter(Number.isFinite));
  const headroom = floorRps / fastest;
  const ok = Number.isFinite(headroom) && headroom >= FLOOR_HEADROOM;
  const saturated = generatorBusy !== undefined && generatorBusy >= GENERATOR_SATURATED;
  const busy =
    generatorBusy === undefined
      ? ''
      : `; the generator was ${Math.round(generatorBusy * 100)}% busy during the floor's runs`;
  const warnings = [
    ok
      ? ''
      : `the floor answers only ${Number.isFinite(headroom) ? headroom.toFixed(2) : '?'}× the product's fastest page (< ${FLOOR_HEADROOM}×): the load generator, not the floor, may be the limit, so ratios to the floor may read too high${busy}`,
    ok && saturated
      ? `the generator was ${Math.round(generatorBusy * 100)}% busy during the floor's runs: it, not the floor, may have set the floor's figure`
      : '',
  ].filter(Boolean);
  return {
    floorRps,
    productRps: fastest,
    headroom,
    ok,
    generatorBusy,
    warning: warnings.length ? `${label}: ${warnings.join('; ')}` : undefined,
  };
}
