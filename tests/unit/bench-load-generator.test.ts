import { describe, expect, it } from 'vitest';
import { checkFloorHeadroom } from '../../bench/lib/load/floor-check.ts';
import { parseWrkOutput, wrkArgs, wrkReportScript } from '../../bench/lib/load/wrk.ts';

// The text wrk 4.1 prints, followed by the line bench/lib/load/wrk-report.lua writes in its `done` hook.
const wrkOutput = (report: string) => `Running 3s test @ http://127.0.0.1:3700/en
  2 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    20.10ms    5.02ms  80.00ms   90.00%
  4800 requests in 3.00s, 230.00MB read
Requests/sec:   1600.00
BENCH_JSON ${report}
`;

describe('parseWrkOutput', () => {
  it('counts only answers below 400 as throughput and converts µs to ms', () => {
    const result = parseWrkOutput(
      wrkOutput(
        '{"requests":4800,"durationUs":3000000,"bytes":240000000,"errors":{"connect":0,"read":0,"write":0,"status":300,"timeout":0},"latencyUs":{"p50":19500,"p90":25000,"p99":41250,"max":80000,"mean":20100.0}}',
      ),
    );
    expect(result.rps).toBe(1500);
    expect(result.p50Ms).toBe(19.5);
    expect(result.p99Ms).toBe(41.25);
    expect(result.failures).toBe(300);
    expect(result.statusCodes).toEqual({ '2xx/3xx': 4500, '≥400': 300 });
    expect(result.bytesPerResponse).toBe(50000);
  });

  it('reports socket errors and timeouts as failures', () => {
    const result = parseWrkOutput(
      wrkOutput(
        '{"requests":100,"durationUs":1000000,"bytes":1000,"errors":{"connect":2,"read":3,"write":0,"status":0,"timeout":4},"latencyUs":{"p50":1000,"p90":2000,"p99":3000,"max":4000,"mean":1500.0}}',
      ),
    );
    expect(result.failures).toBe(9);
    expect(result.socketErrors).toEqual({ connect: 2, read: 3, write: 0, timeout: 4 });
    expect(result.rps).toBe(100);
  });

  it('fails loudly without the report line or with a zero duration', () => {
    expect(() => parseWrkOutput('Requests/sec: 1600.00\n')).toThrow(/BENCH_JSON/);
    expect(() =>
      parseWrkOutput(
        wrkOutput(
          '{"requests":0,"durationUs":0,"bytes":0,"errors":{"connect":0,"read":0,"write":0,"status":0,"timeout":0},"latencyUs":{"p50":0,"p90":0,"p99":0,"max":0,"mean":0}}',
        ),
      ),
    ).toThrow(/duration/);
  });
});

describe('wrkArgs', () => {
  it('passes threads, connections, duration, the report script and each header', () => {
    const args = wrkArgs({
      url: 'http://127.0.0.1:3700/en',
      headers: { Cookie: 'a=b', 'Accept-Encoding': 'gzip, deflate, br' },
      connections: 32,
      threads: 2,
      durationSec: 3,
    });
    expect(args).toEqual([
      '-t2',
      '-c32',
      '-d3s',
      '--timeout',
      '10s',
      '--latency',
      '-s',
      wrkReportScript,
      '-H',
      'Cookie: a=b',
      '-H',
      'Accept-Encoding: gzip, deflate, br',
      'http://127.0.0.1:3700/en',
    ]);
  });

  it('never asks for more threads than connections', () => {
    expect(wrkArgs({ url: 'http://x/', connections: 1, threads: 2, durationSec: 1 }).slice(0, 2)).toEqual([
      '-t1',
      '-c1',
    ]);
  });
});

describe('checkFloorHeadroom', () => {
  it('passes when the floor answers at least 3× the fastest product page', () => {
    const check = checkFloorHeadroom(6600, [1600, 1550, 56], 'uncompressed');
    expect(check.ok).toBe(true);
    expect(check.productRps).toBe(1600);
    expect(check.warning).toBeUndefined();
  });

  it('warns that the generator may be the limit when the floor is under 3×', () => {
    const check = checkFloorHeadroom(2400, [1000, 990, 56], 'uncompressed');
    expect(check.ok).toBe(false);
    expect(check.headroom).toBeCloseTo(2.4);
    expect(check.warning).toMatch(/generator.*may be the limit/);
  });

  it('says how busy the generator was, and warns when it was saturated even if the headroom holds', () => {
    expect(checkFloorHeadroom(2400, [1000], 'uncompressed', 0.97).warning).toMatch(
      /97% busy during the floor's runs/,
    );
    expect(checkFloorHeadroom(6600, [1600], 'uncompressed', 0.95).warning).toMatch(
      /it, not the floor, may have set/,
    );
    expect(checkFloorHeadroom(6600, [1600], 'uncompressed', 0.08).warning).toBeUndefined();
  });

  it('cannot pass without a floor figure, and ignores unmeasured product pages', () => {
    expect(checkFloorHeadroom(Number.NaN, [1000], 'compressed').ok).toBe(false);
    expect(checkFloorHeadroom(3000, [1000, Number.NaN], 'compressed').ok).toBe(true);
  });
});
