import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { restForFile, service } from './rest-helpers.ts';

// PostgREST's in-database configuration (Config/Database.hs) and what it switches on: aggregates, Prefer:
// tx=rollback, the plan media type; and the Prefer values that do not depend on it (missing=default, planned and
// estimated counts).

const rest = restForFile();

/** alter role authenticator set pgrst.<setting> (reset when null), then notify pgrst, 'reload config'. */
async function setPgrst(setting: string, value: string | null): Promise<void> {
  const { error } = await service(rest.get()).rpc('set_pgrst', { setting, value });
  expect(error).toBeNull();
}

beforeAll(async () => {
  const db = service(rest.get());
  const orders = await db
    .from('orders')
    .insert([
      { customer: 'ann', amount: 10 },
      { customer: 'ann', amount: 20 },
      { customer: 'ben', amount: 30 },
    ])
    .select('id, customer, amount');
  expect(orders.error).toBeNull();
  const lines = await db
    .from('order_lines')
    .insert(
      orders.data!.flatMap((o, i) =>
        Array.from({ length: i + 1 }, (_, n) => ({ order_id: o.id as number, qty: n + 1 })),
      ),
    );
  expect(lines.error).toBeNull();
  // Two refunds, of ann's first line (order of 10) and of a line of her second order (20).
  const ann = await db
    .from('order_lines')
    .select('id, orders!inner(customer)')
    .eq('orders.customer', 'ann')
    .order('id');
  const refunds = await db.from('refunds').insert([
    { line_id: ann.data![0]!.id as number, reason: 'late' },
    { line_id: ann.data![1]!.id as number, reason: 'late' },
  ]);
  expect(refunds.error).toBeNull();
});

afterEach(async () => {
  for (const setting of ['db_aggregates_enabled', 'db_plan_enabled', 'db_tx_end'])
    await setPgrst(setting, null);
});

describe('Data API aggregates, switched on in the database', () => {
  it('refuses aggregates with PGRST123 while pgrst.db_aggregates_enabled is off (the default)', async () => {
    const { error, status } = await service(rest.get()).from('orders').select('amount.sum()');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed' });
  });

  it('sums, counts, averages and groups once enabled, on embeds too', async () => {
    await setPgrst('db_aggregates_enabled', 'true');
    const db = service(rest.get());
    const all = await db
      .from('orders')
      .select('amount.sum(), count(), max_amount:amount.max(), amount.min()');
    expect(all.error).toBeNull();
    expect(all.data).toEqual([{ sum: 60, count: 3, max_amount: 30, min: 10 }]);
    const grouped = await db
      .from('orders')
      .select('customer, amount.sum(), amount.avg()::int')
      .order('customer');
    expect(grouped.error).toBeNull();
    expect(grouped.data).toEqual([
      { customer: 'ann', sum: 30, avg: 15 },
      { customer: 'ben', sum: 30, avg: 30 },
    ]);
    const embedded = await db
      .from('orders')
      .select('amount, order_lines(qty.sum(), count())')
      .order('amount');
    expect(embedded.error).toBeNull();
    expect(embedded.data).toEqual([
      { amount: 10, order_lines: [{ sum: 1, count: 1 }] },
      { amount: 20, order_lines: [{ sum: 3, count: 2 }] },
      { amount: 30, order_lines: [{ sum: 6, count: 3 }] },
    ]);
  });

  it('applies the aggregates of a to-one spread at the level it spreads into, grouped by the other columns', async () => {
    const db = service(rest.get());
    const off = await db.from('order_lines').select('...orders(amount.sum())');
    expect(off.error).toMatchObject({ code: 'PGRST123' });
    await setPgrst('db_aggregates_enabled', 'true');
    const byCustomer = (rows: unknown) =>
      [...(rows as { customer: string }[])].sort((a, b) => a.customer.localeCompare(b.customer));
    // Lines: ann's orders of 10 (one line) and 20 (two lines), ben's of 30 (three lines).
    const grouped = await db
      .from('order_lines')
      .select('qty.sum(), ...orders(customer, total:amount.sum(), count())');
    expect(grouped.error).toBeNull();
    expect(byCustomer(grouped.data)).toEqual([
      { sum: 4, customer: 'ann', total: 50, count: 3 },
      { sum: 6, customer: 'ben', total: 90, count: 3 },
    ]);
    const only = await db.from('order_lines').select('...orders(amount.sum())');
    expect(only.data).toEqual([{ sum: 140 }]);
    // Through two spreads, up to the first level that is not one.
    const nested = await db
      .from('refunds')
      .select('reason, ...order_lines(...orders(spent:amount.sum()::int, orders:count()))');
    expect(nested.error).toBeNull();
    expect(nested.data).toEqual([{ reason: 'late', spent: 30, orders: 2 }]);
    // Into an embedded object: its own row is where the aggregate applies.
    const embedded = await db
      .from('refunds')
      .select('reason, order_lines(qty, ...orders(amount.max()))')
      .order('id')
      .limit(1);
    expect(embedded.data).toEqual([{ reason: 'late', order_lines: { qty: 1, max: 10 } }]);
    const toMany = await db.from('orders').select('customer, ...order_lines(qty.sum())');
    expect(toMany.status).toBe(400);
    expect(toMany.error).toEqual({
      code: 'PGRST127',
      message: 'Feature not implemented',
      details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
      hint: null,
    });
  });
});

describe('Data API transactions and plans, switched on in the database', () => {
  it('commits despite Prefer: tx=rollback by default, and leaves no trace once db_tx_end allows it', async () => {
    const db = service(rest.get());
    const kept = await db
      .from('orders')
      .insert({ customer: 'kept', amount: 1 })
      .select('customer')
      .rollback();
    expect(kept.error).toBeNull();
    expect((await db.from('orders').select('id').eq('customer', 'kept')).data).toHaveLength(1);
    await setPgrst('db_tx_end', 'commit-allow-override');
    const dry = await db
      .from('orders')
      .insert({ customer: 'dry', amount: 2 })
      .select('customer, amount')
      .rollback();
    expect(dry.error).toBeNull();
    expect(dry.data).toEqual([{ customer: 'dry', amount: 2 }]);
    expect((await db.from('orders').select('id').eq('customer', 'dry')).data).toEqual([]);
    await db.from('orders').delete().eq('customer', 'kept');
  });

  it('answers the plan media type only once pgrst.db_plan_enabled is on', async () => {
    const db = service(rest.get());
    const off = await db.from('orders').select('customer').explain();
    expect(off.status).toBe(406);
    expect(off.error).toMatchObject({ code: 'PGRST107' });
    await setPgrst('db_plan_enabled', 'true');
    const text = await db.from('orders').select('customer').eq('customer', 'ann').explain();
    expect(text.error).toBeNull();
    expect(text.status).toBe(200);
    expect(String(text.data)).toMatch(/Seq Scan on orders/);
    const json = await db.from('orders').select('customer').explain({ format: 'json' });
    expect(json.error).toBeNull();
    expect((json.data as unknown as { Plan: { 'Node Type': string } }[])[0]!.Plan['Node Type']).toBeTruthy();
  });
});

describe('Data API schema cache reload', () => {
  it("reads the schema again on NOTIFY pgrst, 'reload schema'", async () => {
    const db = service(rest.get());
    expect((await db.from('shapes').select('*')).data).toEqual([{ id: 1, color: 'red' }]);
    expect((await db.rpc('drop_shape_color')).error).toBeNull();
    const after = await db.from('shapes').select('*');
    expect(after.error).toBeNull();
    expect(after.data).toEqual([{ id: 1 }]);
  });
});

describe('Data API Prefer values beyond the configuration', () => {
  it('missing=default evaluates every payload column default for every row, as PostgREST does', async () => {
    const db = service(rest.get());
    const first = await db.from('orders').insert({ customer: 'seq', amount: 1 }).select('id').single();
    const next = first.data!.id as number;
    const batch = await db
      .from('orders')
      .insert(
        [
          { id: 1000, customer: 'own id', amount: 1 },
          { customer: 'default id', amount: 1 },
        ],
        { defaultToNull: false },
      )
      .select('id, customer');
    expect(batch.error).toBeNull();
    // The first row's own id still consumed a value of the identity.
    expect(batch.data).toEqual([
      { id: 1000, customer: 'own id' },
      { id: next + 2, customer: 'default id' },
    ]);
    await db.from('orders').delete().in('customer', ['seq', 'own id', 'default id']);
  });

  it('counts planned from the planner, and estimated exactly below max_rows', async () => {
    const db = service(rest.get());
    expect((await db.rpc('analyze_orders')).error).toBeNull();
    // Two rows more than the statistics know of: the planner still estimates three.
    const added = await db.from('orders').insert([
      { customer: 'late', amount: 1 },
      { customer: 'late', amount: 2 },
    ]);
    expect(added.error).toBeNull();
    const planned = await db.from('orders').select('*', { count: 'planned', head: true });
    expect(planned.count).toBe(3);
    const estimated = await db.from('orders').select('*', { count: 'estimated', head: true });
    expect(estimated.count).toBe(5);
    const exact = await db.from('orders').select('*', { count: 'exact', head: true });
    expect(exact.count).toBe(5);
    await db.from('orders').delete().eq('customer', 'late');
  });
});
